import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shapesBounds } from '../../shared/geometry';
import { checkShape } from '../../shared/shape-check';
import { expandTemplate, templateSize } from '../../shared/templates/expand';
import type { ParameterSchema, TemplateData, TemplateFile } from '../../shared/templates/types';
import { readLibrary, templateFileProblem } from '../../platform/templates/library';

/**
 * The built-in template library (platform/templates/library/*.json; docs/templates.md "The
 * library"): every file is a valid template named as its file, and expands — with its defaults,
 * and with each parameter at its bounds — into shapes the model accepts, within its declared size.
 */
const DIR = path.resolve(import.meta.dirname, '../../platform/templates/library');
const FILES = fs
  .readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort();
/** how far a shape's bounds (strokes, text measured roughly) may stick out of the declared size */
const SLACK = 40;

const read = (file: string) => JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')) as TemplateFile;
const ids = () => {
  let n = 0;
  return () => `s${++n}`;
};

/** Data sets at the parameters' bounds: every number at its minimum, then at its maximum; lists at their fewest and most items. */
function boundaryData(t: TemplateFile): TemplateData[] {
  const props = t.parameters?.properties ?? {};
  const at = (pick: 'low' | 'high'): TemplateData => {
    const data: TemplateData = {};
    for (const [name, s] of Object.entries(props) as Array<[string, ParameterSchema]>) {
      if ((s.type === 'integer' || s.type === 'number') && (pick === 'low' ? s.minimum : s.maximum) !== undefined)
        data[name] = (pick === 'low' ? s.minimum : s.maximum)!;
      if (s.type === 'array') {
        const count = pick === 'low' ? (s.minItems ?? 0) : (s.maxItems ?? 8);
        data[name] = Array.from(
          { length: count },
          (_, i) => (pick === 'low' ? '' : 'W'.repeat(s.items.maxLength ?? 20)).slice(0, 40) || `${i}`,
        );
      }
    }
    return data;
  };
  return [at('low'), at('high')];
}

describe('the template library', () => {
  it('holds the three first templates', () => {
    expect(FILES).toEqual(expect.arrayContaining(['kanban.json', 'roadmap.json', 'sticky-grid.json']));
  });

  it('reads every file (none left out) with one content hash', async () => {
    const problems: string[] = [];
    const library = await readLibrary(DIR, (file, problem) => problems.push(`${file}: ${problem}`));
    expect(problems).toEqual([]);
    expect(library.templates.map((t) => `${t.file.name}.json`)).toEqual(FILES);
    expect(library.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await readLibrary(DIR)).hash).toBe(library.hash);
  });

  it.each(FILES)('%s is a valid template that expands with its defaults into valid shapes within its size', (file) => {
    const t = read(file);
    expect(templateFileProblem(t, file.replace(/\.json$/, ''))).toBeNull();
    const { shapes, data } = expandTemplate(t, undefined, { uid: 'u', now: 0, newId: ids() });
    expect(shapes.length).toBeGreaterThan(0);
    for (const s of shapes) expect(checkShape(s).message, `${s.id} ${s.cmd}`).toBeUndefined();
    const size = templateSize(t, data);
    const box = shapesBounds(shapes)!;
    expect(box.x, 'left edge').toBeGreaterThanOrEqual(-SLACK);
    expect(box.y, 'top edge').toBeGreaterThanOrEqual(-SLACK);
    expect(box.x + box.w, 'right edge').toBeLessThanOrEqual(size.width + SLACK);
    expect(box.y + box.h, 'bottom edge').toBeLessThanOrEqual(size.height + SLACK);
  });

  it.each(FILES.filter((f) => read(f).parameters))('%s expands with its parameters at their bounds', (file) => {
    const t = read(file);
    for (const data of boundaryData(t)) {
      const { shapes } = expandTemplate(t, data, { uid: 'u', now: 0, newId: ids(), scale: 0.5, origin: { x: -500, y: 300 } });
      for (const s of shapes) expect(checkShape(s).message, `${JSON.stringify(data)}: ${s.id}`).toBeUndefined();
    }
  });
});
