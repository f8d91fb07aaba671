/**
 * Board rendering benchmark (headless Chromium via playwright-core): boards of 1k, 10k and 50k
 * mixed shapes loaded into the real Editor on a static page (bench/board/page.ts, bundled with
 * esbuild). For each size and renderer: time to the first complete frame, median and p95 frame
 * time while panning and while wheel-zooming (frames driven and timed with requestAnimationFrame),
 * the everything-on-screen case, the JS heap, and for ours the input-to-paint latency of a pen
 * stroke. Three renderers on the same board in the same run: ours (spatial index + level of
 * detail + tile cache), the spatial index alone redrawing every frame, and the baseline drawing
 * every shape every frame. Figures go to docs/performance.md (bench/report.ts).
 *
 *   npx tsx bench/board.bench.ts            (or: npm run bench board)
 *   BENCH_SIZES=1000,10000 BENCH_FRAMES=60 BENCH_MODES=tiles npx tsx bench/board.bench.ts  (quick look;
 *   docs/performance.md is only written by a full run)
 */
import { chromium, type Page } from 'playwright-core';
import { bundleBenchPage } from './board/bundle';
import { report } from './report';

interface FrameStats {
  draw: number[];
  interval: number[];
}

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,50000').split(',').map(Number);
const FRAMES = Number(process.env.BENCH_FRAMES ?? 120);
const BASELINE_FRAMES = 30;
const VIEWPORT = { width: 1280, height: 800 };

const quantile = (values: number[], q: number): number => {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const median = (v: number[]) => quantile(v, 0.5);
const p95 = (v: number[]) => quantile(v, 0.95);
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');
/** A frame's cost: the longer of its rAF interval and its draw time (the interval is capped by vsync). */
const frameTimes = (s: FrameStats) => s.interval.map((iv, i) => Math.max(iv, s.draw[i] ?? 0));

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
  return used / 1024 / 1024;
}

type Mode = 'tiles' | 'direct' | 'all';
const MODES: Array<{ mode: Mode; label: string }> = (
  [
    { mode: 'tiles', label: 'index + tile cache (ours)' },
    { mode: 'direct', label: 'index only, drawn every frame' },
    { mode: 'all', label: 'baseline: draw everything' },
  ] as const
).filter((m) => !process.env.BENCH_MODES || process.env.BENCH_MODES.split(',').includes(m.mode));

type Bench = {
  load(n: number, mode?: Mode): Promise<{ loadMs: number; firstFrameMs: number; shapes: number; drawn: number }>;
  fitFrame(): Promise<{ ms: number; drawn: number; scale: number }>;
  pan(frames: number): Promise<FrameStats>;
  zoom(frames: number): Promise<FrameStats>;
  panFit(frames: number): Promise<FrameStats>;
  penReady(): void;
};
const call = <K extends keyof Bench>(page: Page, name: K, ...args: Parameters<Bench[K]>) =>
  page.evaluate(
    ([n, a]) => (window as unknown as { bench: Record<string, (...x: unknown[]) => unknown> }).bench[n as string](...(a as unknown[])),
    [name, args] as const,
  ) as Promise<Awaited<ReturnType<Bench[K]>>>;

async function penLatency(page: Page): Promise<number[]> {
  await call(page, 'penReady');
  const latencies: number[] = [];
  for (let stroke = 0; stroke < 3; stroke++) {
    const y = 200 + stroke * 120;
    await page.mouse.move(300, y);
    await page.mouse.down();
    for (let i = 1; i <= 40; i++) {
      await page.mouse.move(300 + i * 12, y + Math.sin(i / 3) * 30);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    }
    await page.mouse.up();
  }
  latencies.push(...(await page.evaluate(() => (window as unknown as { penLatencies: number[] }).penLatencies)));
  return latencies;
}

async function main(): Promise<void> {
  console.log('bundling the bench page…');
  const html = await bundleBenchPage();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const rows: string[] = [];
  const worst: string[] = [];
  const extra: string[] = [];
  try {
    for (const n of SIZES) {
      for (const { mode: renderMode, label } of MODES) {
        const culling = renderMode !== 'all';
        const page = await browser.newPage({ viewport: VIEWPORT });
        page.on('pageerror', (e) => console.error('page error:', e.message));
        await page.goto(`file://${html}`);
        await page.waitForFunction(() => document.title === 'ready');
        const frames = culling ? FRAMES : BASELINE_FRAMES;
        const loaded = await call(page, 'load', n, renderMode);
        const heapLoaded = await heapMb(page);
        const pan = await call(page, 'pan', frames);
        const zoom = await call(page, 'zoom', frames);
        const fit = await call(page, 'fitFrame');
        const panFit = await call(page, 'panFit', culling ? Math.min(frames, 40) : 10);
        const heapAll = await heapMb(page);
        const mode = label;
        const pf = frameTimes(pan),
          zf = frameTimes(zoom),
          ff = frameTimes(panFit);
        rows.push(
          `| ${n.toLocaleString('en')} | ${mode} | ${ms(loaded.firstFrameMs)} | ${loaded.drawn} | ${ms(median(pf))} / ${ms(p95(pf))} | ${ms(median(pan.draw))} | ${ms(median(zf))} / ${ms(p95(zf))} | ${ms(median(zoom.draw))} | ${heapLoaded.toFixed(0)} |`,
        );
        worst.push(
          `| ${n.toLocaleString('en')} | ${mode} | ${ms(fit.ms)} | ${fit.drawn} | ${ms(median(ff))} / ${ms(p95(ff))} | ${ms(median(panFit.draw))} | ${heapAll.toFixed(0)} |`,
        );
        if (renderMode === 'tiles') {
          const lat = await penLatency(page);
          extra.push(`| ${n.toLocaleString('en')} | ${lat.length} | ${ms(median(lat))} | ${ms(p95(lat))} |`);
        }
        console.log(
          `${n} ${mode}: first frame ${ms(loaded.firstFrameMs)} ms, pan ${ms(median(pf))}/${ms(p95(pf))} ms (draw ${ms(median(pan.draw))}), zoom ${ms(median(zf))}/${ms(p95(zf))} ms (draw ${ms(median(zoom.draw))}), fit ${ms(fit.ms)} ms, heap ${heapLoaded.toFixed(0)}/${heapAll.toFixed(0)} MB`,
        );
        await page.close();
      }
    }
  } finally {
    await browser.close();
  }
  const md = `## Board rendering (bench/board.bench.ts)

Headless Chromium (${VIEWPORT.width}×${VIEWPORT.height}), boards of mixed shapes (pen 30 %, highlighter 5 %, lines/arrows 10 %,
rectangles 15 %, circles 12 %, texts 14 %, sticky notes 14 %) at a constant density, loaded into the real
Editor. Frame time = the longer of the rAF interval and the frame's draw time (the interval cannot go
below the ~16.7 ms vsync); "draw" = the renderer's JS time per frame (cull + build + two.js canvas
calls, tile renders). Pan and zoom run at 100 % (zoom: wheel from 100 % to 25 % and back), ${FRAMES} frames each
(baseline ${BASELINE_FRAMES}). Three renderers on the same board in the same run: ours (spatial-index culling, level of
detail, static shapes cached in 256 px tiles per power-of-two zoom level), the same culling without the tile cache, and the
baseline drawing every shape every frame. "first frame" waits for a complete frame (no tile or object still missing).

| shapes | renderer | first frame ms | shapes drawn | pan median / p95 ms | pan draw ms | zoom median / p95 ms | zoom draw ms | JS heap MB |
|---:|---|---:|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

Whole board on screen (zoom to fit — nothing can be culled; tiny shapes under a third of a pixel are skipped):

| shapes | renderer | fit frame ms | shapes drawn | pan median / p95 ms | pan draw ms | JS heap MB (all drawn once) |
|---:|---|---:|---:|---:|---:|---:|
${worst.join('\n')}

Pen stroke input-to-paint latency (pointer event timestamp → end of the frame that drew it), our renderer:

| shapes | events | median ms | p95 ms |
|---:|---:|---:|---:|
${extra.join('\n')}

Goal: 10k shapes pan/zoom median ≤ 16.7 ms, 50k ≤ 33 ms.`;
  if (process.env.BENCH_SIZES || process.env.BENCH_MODES || process.env.BENCH_FRAMES) console.log(md);
  else report('board', md);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
