/**
 * The board's templates UI logic (sdk/actions/templates.ts, sdk/ui/templates): who gets the
 * Insert key and 'Save as template', what a saved template holds (the selection or the board,
 * moved to (0,0), links to shapes left behind dropped), the live parameter check that disables
 * Use Template, the search filter and the ids a template's commandSet adds.
 */
import { describe, expect, it } from 'vitest';
import type { Command, Shape } from '../../../shared/model';
import { boundsOf } from '../../../shared/geometry';
import type { TemplateParameters } from '../../../shared/templates/types';
import { addedShapeIds, type TemplateCard } from '../../../sdk/ui/templates/api';
import { templateShapes } from '../../../sdk/ui/templates/save-template-dialog';
import { matchesSearch } from '../../../sdk/ui/templates/templates-dialog';
import { dataErrors } from '../../../sdk/ui/templates/validate';
import { harness, rect } from './helpers';

const kinds = (h: ReturnType<typeof harness>) => {
  const seen: string[] = [];
  h.editor.ui$.subscribe((r) => seen.push(r.kind));
  return seen;
};

describe('templates actions', () => {
  it('Insert opens the templates dialog for an editor with view_templates', () => {
    const h = harness();
    const seen = kinds(h);
    expect(h.key('Insert', 'Insert')).toBe(true);
    expect(seen).toEqual(['templates']);
    expect(h.editor.actions.list('tools').map((a) => a.id)).toContain('templates');
  });

  it('no templates without view_templates (an embed withholds it) or without edit rights', () => {
    for (const permissions of [
      ['edit_board', 'view_chat'],
      ['view_chat', 'view_templates'],
    ]) {
      const h = harness({ role: 'Editor', permissions });
      const seen = kinds(h);
      h.key('Insert', 'Insert');
      expect(seen).toEqual([]);
      expect(h.editor.actions.get('templates')!.enabled({ editor: h.editor })).toBe(false);
    }
  });

  it("'Save as template' needs the custom-templates policy", () => {
    expect(harness().editor.actions.get('saveAsTemplate')!.enabled({ editor: harness().editor })).toBe(false);
    const h = harness({ policies: ['custom-templates'] });
    const seen = kinds(h);
    h.editor.actions.run(h.editor.actions.get('saveAsTemplate')!, { editor: h.editor }, 'menu');
    expect(seen).toEqual(['saveTemplate']);
  });
});

describe('what a saved template holds', () => {
  it('the selection, moved so its bounds start at (0,0), with new ids', () => {
    const h = harness();
    h.editor.addShapes([rect('a', 100, 200), rect('b', 300, 260, 40, 40), rect('c', 900, 900)] as Shape[]);
    h.editor.select(['a', 'b']);
    const { shapes, width, height } = templateShapes(h.editor);
    expect(shapes).toHaveLength(2);
    const boxes = shapes.map(boundsOf);
    expect(Math.min(...boxes.map((b) => b.x))).toBeCloseTo(0);
    expect(Math.min(...boxes.map((b) => b.y))).toBeCloseTo(0);
    expect(width).toBeGreaterThanOrEqual(240);
    expect(height).toBeGreaterThanOrEqual(100);
    expect(shapes.map((s) => s.id)).not.toContain('a');
  });

  it('the whole board without a selection, comment pins left out; nothing on an empty board', () => {
    const h = harness();
    expect(templateShapes(h.editor).shapes).toEqual([]);
    h.editor.addShapes([rect('a', 10, 10), rect('b', 100, 10)] as Shape[]);
    h.editor.select([]);
    expect(templateShapes(h.editor).shapes).toHaveLength(2);
  });
});

describe('parameter data', () => {
  const kanban: TemplateParameters = {
    properties: {
      columns: { type: 'array', title: 'Columns', items: { type: 'string', maxLength: 40 }, minItems: 1, maxItems: 8 },
      wip: { type: 'integer', title: 'WIP limit', minimum: 0, maximum: 20 },
    },
    required: ['columns'],
    data: { columns: ['To do', 'Doing', 'Done'], wip: 3 },
  };

  it('is checked by the server rules as the user types', () => {
    expect(dataErrors(kanban, { columns: ['A', 'B'], wip: 2 })).toEqual({});
    expect(dataErrors(kanban, { columns: [], wip: 2 })).toHaveProperty('columns');
    expect(dataErrors(kanban, { columns: ['A'], wip: 99 }).wip).toEqual(['Must be at most 20']);
    expect(dataErrors(kanban, { columns: ['x'.repeat(41)] })).toHaveProperty('columns');
    // a field left empty keeps its default
    expect(dataErrors(kanban, { columns: ['A'] })).toEqual({});
  });
});

describe('the list and the inserted command', () => {
  const card: TemplateCard = {
    name: 'kanban',
    title: 'Kanban board',
    summery: 'Columns for the stages of your work',
    imageUrl: '',
    type: 1,
    group: 'template',
    hasParameters: true,
    tags: ['agile'],
  };

  it('search matches title, name, summary and tags, every word', () => {
    expect(matchesSearch(card, '')).toBe(true);
    expect(matchesSearch(card, 'KANBAN')).toBe(true);
    expect(matchesSearch(card, 'stages agile')).toBe(true);
    expect(matchesSearch(card, 'agile swot')).toBe(false);
  });

  it("a commandSet's added shapes, nested sets too", () => {
    const add = (id: string) => ({ cmd: 'rectangle', id: `c-${id}`, shape: { id } }) as unknown as Command;
    const set = {
      cmd: 'commandSet',
      id: 's',
      commands: [add('a'), { cmd: 'commandSet', id: 't', commands: [add('b')] }],
    } as unknown as Command;
    expect(addedShapeIds(set)).toEqual(['a', 'b']);
  });
});
