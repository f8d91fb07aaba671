/**
 * Pictures on a board (issue 27 "Performance"): a board of 300 photo-sized pictures (400×300 board
 * units each, the server's variants: full 2400×1800, s1 600×450, preview 288×216) against the same
 * board drawn as 300 filled rectangles, in the real Editor in headless Chromium (bench/board/
 * pictures-page.ts). For each: time until every picture on screen is drawn at 100 %, pan and
 * wheel-zoom (100 % → 25 % → 100 %) frame times, the whole board fitted on screen (previews) and
 * the JS heap. Previews by zoom level must keep pictures as fast as rectangles.
 *
 *   npx tsx bench/pictures.bench.ts       (or: npm run bench pictures)
 */
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { bundleBenchPage } from './board/bundle';
import { report } from './report';

const N = Number(process.env.BENCH_PICTURES ?? 300);
const FRAMES = Number(process.env.BENCH_FRAMES ?? 120);
interface FrameStats {
  draw: number[];
  interval: number[];
}
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? NaN;
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');
const frameTimes = (s: FrameStats) => s.interval.map((iv, i) => Math.max(iv, s.draw[i] ?? 0));
const call = <T>(page: Page, name: string, ...args: unknown[]) =>
  page.evaluate(
    ([n, a]) => (window as unknown as { bench: Record<string, (...x: unknown[]) => unknown> }).bench[n as string]!(...(a as unknown[])),
    [name, args] as const,
  ) as Promise<T>;

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN) / 1024 / 1024;
}

interface Memory {
  bytes: number;
  held: number;
  pictures: number;
  budget: number;
}
const MB = 1024 * 1024;

/**
 * What a person sees of the pictures fully on screen (a screenshot of each one's middle): the
 * share of pixels that are neither the grey placeholder nor the white board. A drawn photo is ~1.
 */
async function drawnShare(page: Page, n: number): Promise<{ pictures: number; worst: number }> {
  const rects = await call<Array<{ x: number; y: number; w: number; h: number }>>(page, 'onScreen', n);
  let worst = 1;
  for (const r of rects) {
    const clip = {
      x: Math.round(r.x + r.w * 0.2),
      y: Math.round(r.y + r.h * 0.2),
      width: Math.max(1, Math.round(r.w * 0.6)),
      height: Math.max(1, Math.round(r.h * 0.6)),
    };
    const { data, info } = await sharp(await page.screenshot({ clip }))
      .raw()
      .toBuffer({ resolveWithObject: true });
    let photo = 0;
    const px = info.width * info.height;
    for (let i = 0; i < data.length; i += info.channels) {
      const [r0, g0, b0] = [data[i]!, data[i + 1]!, data[i + 2]!];
      const greyish = Math.abs(r0 - g0) < 6 && Math.abs(g0 - b0) < 6 && r0 > 200; // #eeeeee, #e4e4e4, white
      if (!greyish) photo++;
    }
    worst = Math.min(worst, photo / px);
  }
  return { pictures: rects.length, worst: rects.length ? worst : 0 };
}

const ROAM_STOPS = Number(process.env.BENCH_ROAM_STOPS ?? 24);
const SMALL_BUDGET = 32 * MB;
let memoryLines: string[] = [];
const zoomP95 = { rectangles: NaN, pictures: NaN };

const html = await bundleBenchPage('pictures-page');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const rows: string[] = [];
try {
  for (const pictures of [false, true]) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(`file://${html}`);
    await page.waitForFunction(() => document.title === 'ready');
    const loaded = await call<{ firstFrameMs: number }>(page, 'loadPictures', N, pictures);
    const pan = await call<FrameStats>(page, 'pan', FRAMES);
    const zoom = await call<FrameStats>(page, 'zoom', FRAMES);
    await call(page, 'settlePictures');
    const fit = await call<{ ms: number }>(page, 'fitFrame');
    const fitSettle = await call<number>(page, 'settlePictures');
    const panFit = await call<FrameStats>(page, 'panFit', 60);
    const heap = await heapMb(page);
    const [pf, zf, ff] = [frameTimes(pan), frameTimes(zoom), frameTimes(panFit)];
    zoomP95[pictures ? 'pictures' : 'rectangles'] = quantile(zf, 0.95);
    if (pictures) {
      // a long walk around the board (12 % – 200 %), at the default budget and at a small one
      const walks: string[] = [];
      for (const budget of [null, SMALL_BUDGET]) {
        if (budget) await call(page, 'setBudget', budget);
        const roam = frameTimes(await call<FrameStats>(page, 'roam', budget ? ROAM_STOPS / 2 : ROAM_STOPS, 30));
        await call(page, 'settlePictures');
        const memory = await call<Memory>(page, 'memory');
        const seen = await drawnShare(page, 6);
        const within = memory.bytes <= Math.max(memory.budget, memory.held);
        walks.push(
          `| ${(memory.budget / MB).toFixed(0)} MB | ${budget ? ROAM_STOPS / 2 : ROAM_STOPS} × 30 | ${ms(quantile(roam, 0.5))} / ${ms(quantile(roam, 0.95))} | ${(memory.bytes / MB).toFixed(1)} | ${(memory.held / MB).toFixed(1)} | ${memory.pictures} | ${within ? 'yes' : '**no**'} | ${seen.pictures} pictures, ≥ ${(seen.worst * 100).toFixed(0)} % photo pixels |`,
        );
        console.log(walks[walks.length - 1]);
        if (!within) {
          console.error(`decoded pictures over the budget: ${memory.bytes} > ${memory.budget}`);
          process.exitCode = 1;
        }
        if (seen.pictures === 0 || seen.worst < 0.9) {
          console.error(`pictures on screen not drawn: ${JSON.stringify(seen)}`);
          process.exitCode = 1;
        }
      }
      memoryLines = walks;
    }
    const label = pictures ? `${N} pictures` : `${N} rectangles (baseline)`;
    rows.push(
      `| ${label} | ${ms(loaded.firstFrameMs)} | ${ms(quantile(pf, 0.5))} / ${ms(quantile(pf, 0.95))} | ${ms(quantile(zf, 0.5))} / ${ms(quantile(zf, 0.95))} | ${ms(fit.ms + fitSettle)} | ${ms(quantile(ff, 0.5))} / ${ms(quantile(ff, 0.95))} | ${heap.toFixed(0)} |`,
    );
    console.log(rows[rows.length - 1]);
    await page.close();
  }
} finally {
  await browser.close();
}
const ratio = zoomP95.pictures / zoomP95.rectangles;
const comparison = `Zoom p95: ${ms(zoomP95.pictures)} ms for ${N} pictures against ${ms(zoomP95.rectangles)} ms for rectangles in the same run: ${ratio.toFixed(2)}× (target ≤ 2×: ${ratio <= 2 ? 'met' : '**not met**'}).`;
console.log(comparison);
const md = `### Pictures on a board (bench/pictures.bench.ts)

Headless Chromium 1280×800, the real Editor. ${N} photo-sized pictures (400×300 board units; the server's variants:
full 2400×1800, s1 600×450, preview 288×216, each picture decoded on its own) against the same layout in filled
rectangles. "first frame": until every picture on screen is drawn at 100 %. Pan and zoom (100 % → 25 % → 100 %):
${FRAMES} frames each; "fit": the whole board on screen (previews) until every picture is drawn, then a pan.
Frame time = the longer of the rAF interval and the frame's draw time.

| board | first frame ms | pan median / p95 ms | zoom median / p95 ms | fit ms | pan fitted median / p95 ms | JS heap MB |
|---|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

${comparison}

Pictures are decoded off the main thread (createImageBitmap) at the width their drawing needs (the tile level's
power of two, from the smallest of the server's variants that has the pixels), two at a time, the newest wanted
first; a drawing keeps its current picture until the new one has decoded, and at most 12 drawings swap a frame.

Memory: decoded pictures (w × h × 4 bytes) after a walk of views between 12 % and 200 % (centres drawn at random,
each view zoomed to over 30 frames), once the drawings off screen have let go; "held": what drawings on screen hold
(never freed); the rest is kept up to the budget, the picture let go of longest ago freed first. "Seen": screenshots
of the middle of the pictures fully on screen afterwards — the share of pixels that are photo, not the grey
placeholder.

| budget | views × frames | walk median / p95 ms | decoded MB | held MB | pictures kept | within budget | seen |
|---|---|---:|---:|---:|---:|---|---|
${memoryLines.join('\n')}`;
if (process.env.BENCH_PICTURES || process.env.BENCH_FRAMES) console.log(md);
else report('pictures', md);
