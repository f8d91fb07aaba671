/**
 * Uploads (issue 27 "Performance"): on a real server process (build/main.js, the embedded
 * database, files under its data directory):
 *
 *  - a ~9 MB photo, from the first byte sent to its preview read by a second visitor of the board,
 *    against the same bytes refused at the intake's first rule (named .txt: streamed, parsed,
 *    refused without decoding) — the difference is what checking, decoding, re-encoding and the
 *    previews cost;
 *  - the same photo uploaded through the board in one browser (the toolbox's Upload, "Original Size")
 *    until a second browser on the board — another context, another visitor — shows its pixels on
 *    its canvas (polled every animation frame in that page: the middle of the picture is neither
 *    the grey placeholder nor the board's white), and until the uploader's own canvas does; needs
 *    the web bundles (npm run build:web) next to the server (npm run build);
 *  - the node's memory (resident set, sampled every 20 ms) while 5 uploads of ~10 MB stream at once,
 *    against the same node at rest: uploads are streamed to temporary files, so the peak must stay
 *    far below 5 × 10 MB of request bodies held at once plus their decoded pixels.
 *
 *   npx tsx bench/uploads.bench.ts        (or: npm run bench uploads)
 */
import fs from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
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

/** Puts a poller in `page`: `window.__seen(known)` resolves with the time (epoch ms) the canvas first shows photo pixels of an image shape not in `known`. */
async function watchPictures(page: Page): Promise<void> {
  // a string, not a function: tsx would name the inner arrows with a helper the page does not have
  await page.evaluate(`(() => {
    window.__seen = (known) =>
      new Promise((resolve) => {
        let framed = '';
        const check = () => {
          const editor = window.tabula.editor;
          const pic = editor.getShapes().find((s) => s.cmd === 'image' && !known.includes(s.id));
          if (pic) {
            if (framed !== pic.id) {
              editor.showRect({ x: pic.x - 40, y: pic.y - 40, w: pic.w + 80, h: pic.h + 80 }, 0);
              framed = pic.id;
            }
            const c = editor.toScreen(pic.x + pic.w / 2, pic.y + pic.h / 2);
            const board = document.querySelector('canvas[data-tabula-canvas]').parentElement;
            let photo = 0;
            for (const canvas of board.querySelectorAll(':scope > canvas')) {
              const ratio = canvas.width / (canvas.clientWidth || canvas.width);
              const data = canvas.getContext('2d').getImageData(Math.round((c.x - 4) * ratio), Math.round((c.y - 4) * ratio), 9, 9).data;
              for (let i = 0; i < data.length; i += 4) {
                const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
                // neither the grey placeholder (#eeeeee, its #cccccc edge) nor the white board
                if (a > 200 && !(Math.abs(r - g) < 4 && Math.abs(g - b) < 4 && r >= 200)) photo++;
              }
            }
            if (photo >= 40) return resolve(Date.now());
          }
          requestAnimationFrame(check);
        };
        check();
      });
  })()`);
}

/**
 * The board's Upload in one browser until the photo's pixels show on a second browser's canvas
 * (and on the uploader's): `RUNS` uploads, ms each.
 */
async function uploadToVisible(data: Buffer): Promise<{ owner: number[]; viewer: number[] }> {
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const open = async (name: string) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript((n) => {
        (window as unknown as { __TABULA_TEST__: boolean }).__TABULA_TEST__ = true;
        localStorage.setItem('tabula.displayName', n);
      }, name);
      return context.newPage();
    };
    const online = (page: Page) =>
      page.waitForFunction(
        () =>
          (window as unknown as { tabula?: { sync: { state$: { value: { phase: string } } } } }).tabula?.sync.state$.value.phase ===
          'online',
        null,
        {
          timeout: 30_000,
        },
      );
    const owner = await open('Owner');
    await owner.goto(`${server.url}/board/new`);
    await owner.waitForURL(/\/board\/(?!new)[^/?]+/);
    const code = new URL(owner.url()).pathname.split('/').pop()!;
    await online(owner);
    const start = owner.getByRole('button', { name: 'Start drawing' });
    if (
      await start.waitFor({ state: 'visible', timeout: 5_000 }).then(
        () => true,
        () => false,
      )
    )
      await start.click();
    const viewer = await open('Viewer');
    await viewer.goto(`${server.url}/board/${code}`);
    await online(viewer);
    await watchPictures(owner);
    await watchPictures(viewer);
    const ids = (page: Page) =>
      page.evaluate(() =>
        (window as unknown as { tabula: { editor: { getShapes(): Array<{ id: string }> } } }).tabula.editor.getShapes().map((s) => s.id),
      );
    const times = { owner: [] as number[], viewer: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      const known = await ids(owner);
      const seenByOwner = owner.evaluate((k) => (window as unknown as { __seen: (k: string[]) => Promise<number> }).__seen(k), known);
      const seenByViewer = viewer.evaluate((k) => (window as unknown as { __seen: (k: string[]) => Promise<number> }).__seen(k), known);
      const chooser = owner.waitForEvent('filechooser');
      await owner.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: 'Upload', exact: true }).click();
      await (await chooser).setFiles({ name: `photo-${i}.jpg`, mimeType: 'image/jpeg', buffer: data });
      const dialog = owner.getByRole('dialog', { name: 'Downsize images' });
      await dialog.getByRole('radio', { name: 'Original Size' }).check();
      const t0 = Date.now();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      const [o, v] = await Promise.all([seenByOwner, seenByViewer]);
      times.owner.push(o - t0);
      times.viewer.push(v - t0);
      console.log(`upload ${i + 1}: uploader's canvas ${o - t0} ms, second browser's canvas ${v - t0} ms`);
    }
    return times;
  } finally {
    await browser.close();
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

  const visible = await uploadToVisible(nine);

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
      `| the board's Upload in one browser → its pixels on a second browser's canvas | ${median(visible.viewer).toFixed(0)} |`,
      `| the same → its pixels on the uploader's own canvas | ${median(visible.owner).toFixed(0)} |`,
      '',
      `The browsers (headless Chromium, two contexts on the same board, ${RUNS} uploads) count from the click on the`,
      "Downsize dialog's Confirm (Original Size: the photo is larger than the view) to the first animation frame whose",
      "canvas shows photo pixels in the middle of the picture — the preview first: a picture's first read is its",
      'preview, which tells its size; the variant its zoom needs follows.',
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
