/**
 * `npx tsx scripts/template-previews.ts [--dir=folder] [name…]`: a developer's look at the built-in
 * template library (platform/templates/library/*.json, or the template files in `folder`). Each file is expanded with its default data
 * (shared/templates/expand.ts), every shape is checked
 * against the model (shared/shape-check.ts), the layout is linted (text that overflows its sticky
 * note or its box, text over text, shapes outside the declared width/height) and the result is
 * drawn like a server thumbnail (shared/geometry/board boardToSvg → sharp → PNG) to
 * /tmp/template-previews/<name>.png. A parameterised template is also expanded with the smallest
 * and the largest data its parameters allow (<name>@min.png, <name>@max.png). Exits 1 on any problem.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Shape, StickyNoteShape, TextShape } from '../shared/model';
import { checkShape } from '../shared/shape-check';
import { commandPolicyNeeds } from '../shared/policies';
import { boardToSvg, shapesBounds } from '../shared/geometry/board';
import { boundsOf } from '../shared/geometry/registry';
import { measureText } from '../shared/geometry/text';
import { wrapText } from '../shared/geometry/stickyNote';
import { STICKY_FONT, STICKY_LINE_HEIGHT, STICKY_MARGIN } from '../shared/constants';
import type { Rect } from '../shared/geometry/rect';
import { expandTemplate, templateSize } from '../shared/templates/expand';
import type { TemplateData, TemplateFile } from '../shared/templates/types';
import { templateFileProblem } from '../platform/templates/library';

const ROOT = path.resolve(import.meta.dirname, '..');
const LIBRARY = path.join(ROOT, 'platform', 'templates', 'library');
const OUT = '/tmp/template-previews';

interface Expanded {
  shapes: Shape[];
  width: number;
  height: number;
}

/* ---------------- expansion: the defaults, and the smallest and largest data ---------------- */

let k = 0;
function expand(t: TemplateFile, data: TemplateData): Expanded {
  const r = expandTemplate(t, data, { uid: 'preview', now: Date.now(), newId: () => `s${++k}`, origin: { x: 0, y: 0 }, scale: 1 });
  return { shapes: r.shapes, ...templateSize(t, r.data) };
}

/** A string of `length` characters that reads like words (the board measures characters, not glyphs). */
const words = (length: number) =>
  'Longest possible heading text here for the layout check'.repeat(4).slice(0, length).trimEnd().padEnd(length, 'x');

/**
 * The data at one end of every parameter's range: 'min' (fewest items, smallest numbers, shortest
 * strings) or 'max' (most items, each as long as allowed; largest numbers; longest strings).
 */
function extremeData(t: TemplateFile, end: 'min' | 'max'): TemplateData {
  const out: TemplateData = { ...(t.parameters?.data ?? {}) };
  for (const [name, p] of Object.entries(t.parameters?.properties ?? {})) {
    if (p.type === 'array') {
      const n = end === 'min' ? (p.minItems ?? 1) : (p.maxItems ?? 8);
      out[name] = Array.from({ length: n }, (_, i) => (end === 'min' ? `${i + 1}` : words(p.items.maxLength ?? 40)));
    } else if (p.type === 'integer' || p.type === 'number') {
      const v = end === 'min' ? p.minimum : p.maximum;
      if (v !== undefined) out[name] = v;
    } else if (p.type === 'string' && !p.enum) {
      out[name] = end === 'min' ? 'x'.repeat(Math.max(1, p.minLength ?? 1)) : words(p.maxLength ?? 40);
    }
  }
  return out;
}

/* ---------------- the layout lint ---------------- */

const inside = (a: Rect, b: Rect, slack = 0.5) =>
  a.x >= b.x - slack && a.y >= b.y - slack && a.x + a.w <= b.x + b.w + slack && a.y + a.h <= b.y + b.h + slack;
const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const round = (r: Rect) => `(${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.w)}×${Math.round(r.h)})`;

function lint(name: string, e: Expanded): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const s of e.shapes) {
    const check = checkShape(s);
    if (check.message) problems.push(`invalid ${s.cmd} ${s.id}: ${check.message}`);
    if (ids.has(s.id)) problems.push(`duplicate id ${s.id}`);
    ids.add(s.id);
  }
  const all = shapesBounds(e.shapes);
  if (all && (all.x < -1 || all.y < -1 || all.x + all.w > e.width + 1 || all.y + all.h > e.height + 1))
    problems.push(`shapes ${round(all)} outside the declared ${e.width}×${e.height}`);
  const texts = e.shapes.filter((s): s is TextShape => s.cmd === 'text');
  const notes = e.shapes.filter((s): s is StickyNoteShape => s.cmd === 'stickyNote');
  const boxes = e.shapes.filter(
    (s) => s.cmd === 'rectangle' || s.cmd === 'filledRectangle' || s.cmd === 'frame' || s.cmd === 'circle' || s.cmd === 'filledCircle',
  );
  for (const n of notes) {
    const size = Math.min(n.fontSize, STICKY_FONT.start);
    const lines = wrapText(n.text, n.w - 2 * STICKY_MARGIN, size);
    if (lines.length * size * STICKY_LINE_HEIGHT > n.h - 2 * STICKY_MARGIN)
      problems.push(`sticky ${n.id} "${n.text.slice(0, 30)}" overflows at ${size}`);
  }
  texts.forEach((t, k) => {
    const m = measureText(t.value, t.size);
    const box = { x: t.x, y: t.y, w: m.w, h: m.h };
    // a text that starts inside a box must end inside it
    for (const b of boxes) {
      const r = boundsOf(b);
      const starts = t.x >= r.x && t.x <= r.x + r.w && t.y >= r.y && t.y <= r.y + r.h;
      if (starts && !inside(box, r))
        problems.push(`text ${t.id} "${t.value.slice(0, 30)}" ${round(box)} overflows ${b.cmd} ${b.id} ${round(r)}`);
    }
    for (const u of texts.slice(k + 1)) {
      const mu = measureText(u.value, u.size);
      if (overlaps(box, { x: u.x, y: u.y, w: mu.w, h: mu.h })) problems.push(`text ${t.id} overlaps text ${u.id}`);
    }
    for (const n of notes) if (overlaps(box, { x: n.x, y: n.y, w: n.w, h: n.h })) problems.push(`text ${t.id} overlaps sticky ${n.id}`);
  });
  notes.forEach((n, k) => {
    for (const o of notes.slice(k + 1))
      if (overlaps({ x: n.x, y: n.y, w: n.w, h: n.h }, { x: o.x, y: o.y, w: o.w, h: o.h }))
        problems.push(`sticky ${n.id} overlaps sticky ${o.id}`);
  });
  return problems.map((p) => `${name}: ${p}`);
}

/* ---------------- main ---------------- */

async function draw(file: string, shapes: Shape[]): Promise<void> {
  const svg = boardToSvg(shapes, { maxSize: 1600, padding: 30 });
  fs.writeFileSync(path.join(OUT, file), await sharp(Buffer.from(svg)).png().toBuffer());
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const dir = args.find((a) => a.startsWith('--dir='))?.slice('--dir='.length) ?? LIBRARY;
  const only = new Set(args.filter((a) => !a.startsWith('--')));
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && (!only.size || only.has(f.replace(/\.json$/, ''))))
    .sort();
  fs.mkdirSync(OUT, { recursive: true });
  let failed = false;
  for (const file of files) {
    const t = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as TemplateFile;
    // what the server's library loader checks (it leaves out a file with a problem)
    const problem = templateFileProblem(t, file.replace(/\.json$/, ''));
    if (problem) {
      failed = true;
      console.log(`${file}: the library would leave it out: ${problem}`);
      continue;
    }
    const variants: Array<[string, TemplateData]> = [['', t.parameters?.data ?? {}]];
    if (t.parameters) variants.push(['@min', extremeData(t, 'min')], ['@max', extremeData(t, 'max')]);
    for (const [suffix, data] of variants) {
      const label = `${t.name}${suffix}`;
      let e: Expanded;
      try {
        e = expand(t, data);
      } catch (err) {
        failed = true;
        console.log(`${label}: cannot expand: ${(err as Error).message}`);
        continue;
      }
      const problems = lint(label, e);
      if (problems.length) failed = true;
      await draw(`${label}.png`, e.shapes);
      // what the plan must allow (shared/policies.ts): a template made of basic shapes needs nothing
      const needs = [...new Set(e.shapes.flatMap((s) => commandPolicyNeeds({ cmd: s.cmd, shape: s }).map((n) => n.feature)))];
      const plan = needs.length ? `, needs ${needs.join(', ')}` : '';
      console.log(`${label}: ${e.shapes.length} shapes, ${e.width}×${e.height}${plan}${problems.length ? '' : ', ok'}`);
      for (const p of problems) console.log(`  ${p}`);
    }
  }
  if (failed) process.exit(1);
}

await main();
