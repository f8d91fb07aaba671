/**
 * The Automation panel's examples: real scripts that use the board API (shared/embed.ts
 * BoardMethods) as a user's script would. Each is plain JavaScript run by sdk/automation/runner.ts.
 */
export interface AutomationExample {
  id: string;
  title: string;
  code: string;
}

const ARRANGE_STICKIES = `// Arrange sticky notes by colour: one column per colour, left to right,
// in the order the colours first appear from the left of the board.
const GAP = 20;
const notes = (await board.getShapes()).filter((s) => s.cmd === 'stickyNote');
if (notes.length === 0) {
  console.log('There are no sticky notes on this board.');
  return;
}
const left = Math.min(...notes.map((n) => n.x));
const top = Math.min(...notes.map((n) => n.y));
const width = Math.max(...notes.map((n) => n.w));
const byColour = new Map();
for (const note of [...notes].sort((a, b) => a.x - b.x || a.y - b.y)) {
  if (!byColour.has(note.color)) byColour.set(note.color, []);
  byColour.get(note.color).push(note);
}
const moves = [];
let column = 0;
for (const [colour, column_notes] of byColour) {
  let y = top;
  for (const note of column_notes.sort((a, b) => a.y - b.y || a.x - b.x)) {
    const x = left + column * (width + GAP);
    moves.push({ id: note.id, dx: x - note.x, dy: y - note.y });
    y += note.h + GAP;
  }
  console.log(\`\${colour}: \${column_notes.length} note(s) in column \${column + 1}\`);
  column++;
}
await board.moveShapes(moves);
console.log(\`Arranged \${notes.length} sticky notes in \${byColour.size} column(s).\`);
`;

const NUMBER_FRAMES = `// Number the frames 1…n from left to right (top to bottom where they line up).
const frames = (await board.getShapes())
  .filter((s) => s.cmd === 'frame')
  .sort((a, b) => a.x - b.x || a.y - b.y);
if (frames.length === 0) {
  console.log('There are no frames on this board.');
  return;
}
await board.updateShapes(
  frames.map((frame, i) => {
    const title = frame.title.replace(/^\\d+(?:\\.\\s*|$)/, '');
    return { id: frame.id, text: title ? \`\${i + 1}. \${title}\` : String(i + 1) };
  }),
);
console.log(\`Numbered \${frames.length} frame(s).\`);
`;

const COUNT_SHAPES = `// Count the board's shapes by kind.
const counts = {};
for (const shape of await board.getShapes()) counts[shape.cmd] = (counts[shape.cmd] ?? 0) + 1;
const kinds = Object.keys(counts).sort((a, b) => counts[b] - counts[a]);
if (kinds.length === 0) console.log('The board is empty.');
for (const kind of kinds) console.log(\`\${kind}: \${counts[kind]}\`);
return Object.fromEntries(kinds.map((kind) => [kind, counts[kind]]));
`;

export const AUTOMATION_EXAMPLES: readonly AutomationExample[] = [
  { id: 'arrange-stickies', title: 'Arrange sticky notes by colour', code: ARRANGE_STICKIES },
  { id: 'number-frames', title: 'Number the frames', code: NUMBER_FRAMES },
  { id: 'count-shapes', title: 'Count shapes by kind', code: COUNT_SHAPES },
];

/** What the script box holds at first. */
export const STARTER_SCRIPT = `// The board API: await board.getShapes(), board.addShapes([...]), board.moveShapes([{ id, dx, dy }]),
// board.updateShapes([{ id, text, color }]), board.removeShapes([ids]), board.zoomToFit(), board.getInfo() …
const shapes = await board.getShapes();
console.log(\`This board has \${shapes.length} shape(s).\`);
`;
