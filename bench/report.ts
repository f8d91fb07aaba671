import fs from 'node:fs';
import path from 'node:path';

/**
 * Writes one benchmark's figures into docs/performance.md between markers named after it,
 * so each run refreshes its own table and leaves the others alone.
 */
export function report(name: string, markdown: string): void {
  const file = path.resolve(import.meta.dirname, '../docs/performance.md');
  const begin = `<!-- bench:${name}:begin -->`;
  const end = `<!-- bench:${name}:end -->`;
  let text = fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8')
    : '# Performance\n\nFigures written by `npm run bench` on the machine that ran it.\n';
  const block = `${begin}\n${markdown.trim()}\n\n_Measured ${new Date().toISOString()}._\n${end}`;
  const re = new RegExp(`${begin}[\\s\\S]*?${end}`);
  text = re.test(text) ? text.replace(re, block) : `${text.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, text);
  console.log(markdown);
}
