/**
 * Uploads (issue 27 "Performance"): on a real server process (build/main.js, the embedded
 * database, files under its data directory):
 *
 *  - a ~9 MB photo, from the first byte sent to its preview read by a second visitor of the board,
 *    against the same bytes refused at the intake's first rule (named .txt: streamed, parsed,
 *    refused without decoding) — the difference is what checking, decoding, re-encoding and the
 *    previews cost;
 *  - the node's memory (resident set, sampled every 20 ms) while 5 uploads of ~10 MB stream at once,
 *    against the same node at rest: uploads are streamed to temporary files, so the peak must stay
 *    far below 5 × 10 MB of request bodies held at once plus their decoded pixels.
 *
 *   npx tsx bench/uploads.bench.ts        (or: npm run bench uploads)
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { report } from './report';
import { startServer } from './support/server';

const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 3);
const server = await startServer({ RATE_LIMIT_MAX: '1000000' });
const owner = crypto.randomUUID().replace(/-/g, '');
const viewer = crypto.randomUUID().replace(/-/g, '');

/** A photo-like JPEG (noise does not compress) of about `target` bytes, never over 10,000,000. */
async function photo(target: number, seed: number): Promise<Buffer> {
  let side = 3000;
  for (;;) {
    const data = await sharp({
      create: {
        width: Math.round(side * 1.33),
        height: side,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 120 + seed, sigma: 70 },
      },
    })
      .jpeg({ quality: 92 })
      .toBuffer();
    if (data.length <= Math.min(target, 9_990_000)) return data;
    side = Math.floor(side * Math.sqrt(target / data.length) * 0.98);
  }
}

async function upload(code: string, name: string, data: Buffer): Promise<{ status: number; body: { id?: string } }> {
  const form = new FormData();
  form.append('Uid', owner);
  form.append('file', new Blob([new Uint8Array(data)], { type: 'application/octet-stream' }), name);
  const res = await fetch(`${server.url}/api/boards/${code}/assets`, { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as { id?: string } };
}

const rssMb = (): number => {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

try {
  const made = await fetch(`${server.url}/api/boards`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Uid: owner }),
  });
  const { code } = (await made.json()) as { code: string };
  if (!code) throw new Error(`no board: ${made.status}`);
  // the viewer joins the board once (a guest of the link), so its reads are a visitor's
  await fetch(`${server.url}/api/boards/${code}/commands?Uid=${viewer}`);

  const nine = await photo(9_000_000, 0);
  const toPreview: number[] = [];
  const refused: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    const up = await upload(code, 'photo.jpg', nine);
    if (up.status !== 200 || !up.body.id) throw new Error(`upload answered ${up.status}`);
    const preview = await fetch(`${server.url}/api/assets/${up.body.id}/preview?Board=${code}&Uid=${viewer}`);
    if (!preview.ok) throw new Error(`preview answered ${preview.status}`);
    await preview.arrayBuffer();
    toPreview.push(performance.now() - t);
    t = performance.now();
    const no = await upload(code, 'photo.txt', nine);
    if (no.status !== 400) throw new Error(`the .txt upload answered ${no.status}`);
    refused.push(performance.now() - t);
  }

  // memory: at rest, then 5 uploads of ~10 MB at once
  const tens = await Promise.all([0, 1, 2, 3, 4].map((i) => photo(10_000_000, i * 3)));
  await new Promise((r) => setTimeout(r, 1000));
  const rest = rssMb();
  let peak = rest;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
  const t = performance.now();
  const answers = await Promise.all(tens.map((data, i) => upload(code, `big-${i}.jpg`, data)));
  const together = performance.now() - t;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb());
  if (answers.some((a) => a.status !== 200)) throw new Error(`uploads answered ${answers.map((a) => a.status).join(', ')}`);
  const bodies = tens.reduce((sum, d) => sum + d.length, 0);

  report(
    'uploads',
    [
      '### Uploads: a photo to its preview, and memory while uploads stream',
      '',
      `A ${mb(nine.length)} MB photo (${RUNS} runs, medians), on a server process with the embedded database:`,
      '',
      '| case | median ms |',
      '|---|---|',
      `| upload → preview read by a second visitor | ${median(toPreview).toFixed(0)} |`,
      `| baseline: the same bytes refused at the first rule (sent, parsed, not decoded) | ${median(refused).toFixed(0)} |`,
      '',
      `Five uploads at once (${mb(bodies)} MB of photos, all answered 200 in ${together.toFixed(0)} ms):`,
      '',
      '| node memory (resident) | MB |',
      '|---|---|',
      `| at rest | ${rest.toFixed(0)} |`,
      `| peak while the five stream and are processed | ${peak.toFixed(0)} |`,
      `| growth | ${(peak - rest).toFixed(0)} |`,
    ].join('\n'),
  );
} finally {
  await server.kill();
}
