import { describe, expect, it } from 'vitest';
import { checkParameters, resolveData } from '../../shared/templates/schema';
import type { TemplateParameters } from '../../shared/templates/types';

/** Parameter schemas (shared/templates/schema.ts; docs/templates.md "Parameters"). */
const parameters: TemplateParameters = {
  properties: {
    columns: { type: 'array', title: 'Columns', items: { type: 'string', maxLength: 10 }, minItems: 1, maxItems: 3 },
    wip: { type: 'integer', minimum: 0, maximum: 20 },
    ratio: { type: 'number', minimum: 0.5 },
    title: { type: 'string', minLength: 1, maxLength: 20 },
    colour: { type: 'string', enum: ['#ffffff', '#000000'] },
    dark: { type: 'boolean' },
  },
  required: ['columns', 'title'],
  data: { columns: ['A', 'B'], wip: 3, title: 'Board', dark: false },
};

describe('template parameter schemas', () => {
  it('accepts the supported subset and its defaults', () => {
    expect(checkParameters(parameters)).toEqual({});
  });

  it('refuses schemas off the subset, reserved names and defaults that do not fit', () => {
    const withProps = (properties: Record<string, unknown>, data: Record<string, unknown> = {}) => checkParameters({ properties, data });
    expect(Object.keys(withProps({ x: { type: 'object' } }))).toEqual(['parameters.properties.x']);
    expect(Object.keys(withProps({ x: { type: 'string', pattern: '.*' } }))).toEqual(['parameters.properties.x']);
    expect(Object.keys(withProps({ x: { type: 'array', items: { type: 'number' } } }))).toEqual(['parameters.properties.x']);
    expect(Object.keys(withProps({ i: { type: 'integer' } }))).toEqual(['parameters.properties.i']);
    expect(Object.keys(withProps({ 'bad-name': { type: 'integer' } }))).toEqual(['parameters.properties.bad-name']);
    expect(Object.keys(withProps({ x: { type: 'integer', maximum: 2 } }, { x: 5 }))).toEqual(['parameters.data.x']);
    expect(Object.keys(checkParameters({ properties: { x: { type: 'integer' } }, required: ['y'], data: {} }))).toContain(
      'parameters.required',
    );
    expect(Object.keys(checkParameters({ properties: {}, data: {}, other: 1 }))).toEqual(['parameters']);
    expect(checkParameters('x')).toEqual({ parameters: ['must be an object'] });
  });

  it('merges the data over the defaults', () => {
    expect(resolveData(parameters, { wip: 5, colour: '#000000' })).toEqual({
      value: { columns: ['A', 'B'], wip: 5, title: 'Board', colour: '#000000', dark: false },
      errors: {},
    });
    expect(resolveData(parameters, undefined).value).toMatchObject({ columns: ['A', 'B'], wip: 3 });
    expect(resolveData(undefined, { anything: 1 })).toEqual({ value: {}, errors: {} });
  });

  it('answers field errors named by the parameter', () => {
    const errorsOf = (data: unknown) => resolveData(parameters, data).errors;
    expect(errorsOf({ columns: [] })).toEqual({ columns: ['must have at least 1 item'] });
    expect(errorsOf({ columns: ['A', 'B', 'C', 'D'] })).toEqual({ columns: ['must have at most 3 items'] });
    expect(errorsOf({ columns: ['far too long text'] })).toEqual({ columns: ['item 1 must be at most 10 characters long'] });
    expect(errorsOf({ columns: [5] })).toEqual({ columns: ['item 1 must be a text'] });
    expect(errorsOf({ wip: 1.5 })).toEqual({ wip: ['must be a whole number'] });
    expect(errorsOf({ wip: 21 })).toEqual({ wip: ['must be at most 20'] });
    expect(errorsOf({ wip: '3' })).toEqual({ wip: ['must be a number'] });
    expect(errorsOf({ ratio: 0.1 })).toEqual({ ratio: ['must be at least 0.5'] });
    expect(errorsOf({ title: '' })).toEqual({ title: ['is required'] });
    expect(errorsOf({ colour: 'red' })).toEqual({ colour: ['must be one of #ffffff, #000000'] });
    expect(errorsOf({ dark: 'yes' })).toEqual({ dark: ['must be true or false'] });
    expect(errorsOf({ rows: 3 })).toEqual({ rows: ['is not a parameter of this template'] });
    expect(errorsOf([1])).toEqual({ data: ['must be an object'] });
    const noDefaults = { ...parameters, data: {} };
    expect(resolveData(noDefaults, {}).errors).toEqual({ columns: ['is required'], title: ['is required'] });
  });
});
