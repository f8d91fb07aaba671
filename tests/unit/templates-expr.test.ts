import { describe, expect, it } from 'vitest';
import { checkExpression, evaluate, evaluateNumber, ExpressionError, interpolate } from '../../shared/templates/expr';

/** Template expressions (shared/templates/expr.ts; docs/templates.md "Expressions"): a small parser, no eval. */
describe('template expressions', () => {
  const scope = { weeks: 6, columns: ['To do', 'Doing', 'Done'], title: 'Plan', wip: true, off: false, i: 2, n: 3, item: 'Doing' };

  it('computes arithmetic with precedence, parentheses and unary minus', () => {
    expect(evaluateNumber('1 + 2 * 3', {})).toBe(7);
    expect(evaluateNumber('(1 + 2) * 3', {})).toBe(9);
    expect(evaluateNumber('-4 + 10 / 4', {})).toBe(-1.5);
    expect(evaluateNumber('--2', {})).toBe(2);
    expect(evaluateNumber('7 % 3', {})).toBe(1);
    expect(evaluateNumber('1.5e2 + .5', {})).toBe(150.5);
  });

  it('reads parameters, the round and the functions', () => {
    expect(evaluateNumber('200 + weeks * 220', scope)).toBe(1520);
    expect(evaluateNumber('len(columns) * 360 - 40', scope)).toBe(1040);
    expect(evaluateNumber('len(title)', scope)).toBe(4);
    expect(evaluateNumber('i * 10 + n', scope)).toBe(23);
    expect(evaluateNumber('wip + off', scope)).toBe(1);
    expect(evaluateNumber('max(1, weeks / 4, 2)', scope)).toBe(2);
    expect(evaluateNumber('min(weeks, 3) + floor(2.7) + ceil(0.2) + round(1.5) + abs(-2)', scope)).toBe(3 + 2 + 1 + 2 + 2);
    expect(evaluate('item', scope)).toBe('Doing');
  });

  it('interpolates {{expr}} in strings', () => {
    expect(interpolate('Week {{n}} of {{weeks}}', scope)).toBe('Week 3 of 6');
    expect(interpolate('{{item}}!', scope)).toBe('Doing!');
    expect(interpolate('{{ weeks / 4 }}', scope)).toBe('1.5');
    expect(interpolate('{{1/3}}', scope)).toBe('0.33');
    expect(interpolate('no braces', scope)).toBe('no braces');
  });

  it('refuses what is not an expression, and never runs code', () => {
    const bad = [
      '',
      '1 +',
      '(1',
      '1)',
      'weeks weeks',
      'process.exit(1)',
      "constructor('x')",
      'len(1)',
      'len(columns, title)',
      'nope(1)',
      '1 ; 2',
      '`x`',
      '2 ** 3',
      'x'.repeat(501),
    ];
    for (const text of bad) expect(() => checkExpression(text), text).toThrow(ExpressionError);
    expect(() => evaluate('unknown + 1', scope)).toThrow('unknown name unknown');
    expect(() => evaluate('constructor', scope)).toThrow(ExpressionError);
    expect(() => evaluate('__proto__', scope)).toThrow(ExpressionError);
    expect(() => evaluate('item + 1', scope)).toThrow('is not a number');
    expect(() => evaluate('columns', scope)).toThrow('is a list');
    expect(() => evaluate('1 / 0', scope)).toThrow('division by zero');
    expect(() => evaluate('1e308 * 10', scope)).toThrow('finite');
    expect(() => evaluateNumber('item', scope)).toThrow('not a number');
    expect(() => checkExpression('-'.repeat(200) + '1')).toThrow('nested too deep');
  });
});
