/**
 * The image latency test (board.md §7, §9): a tiny image of the platform fetched four times, one
 * after another, each with a fresh address so no cache answers; slow when the samples average over
 * 150 ms. An image rather than fetch: it loads from any host page (no CORS needed) as the board's
 * pictures do.
 */
export const LATENCY_SAMPLES = 4;
export const LATENCY_THRESHOLD_MS = 150;
/** A sample that does not load within this counts as this long. */
const SAMPLE_TIMEOUT_MS = 5000;

export interface LatencyResult {
  /** milliseconds of each load, in order */
  samples: number[];
  average: number;
  /** the average is over LATENCY_THRESHOLD_MS */
  slow: boolean;
}

function loadOnce(url: string): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    const img = new Image();
    const done = () => {
      clearTimeout(timer);
      img.onload = img.onerror = null;
      resolve(Math.round(performance.now() - started));
    };
    const timer = setTimeout(done, SAMPLE_TIMEOUT_MS);
    img.onload = img.onerror = done;
    img.src = url;
  });
}

/** Runs the test against the platform at `server` (its origin or base url). */
export async function latencyTest(server: string, samples = LATENCY_SAMPLES): Promise<LatencyResult> {
  const base = `${server.replace(/\/$/, '')}/static/favicon.svg`;
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push(await loadOnce(`${base}?latency=${Date.now().toString(36)}-${i}`));
  const average = Math.round(times.reduce((a, b) => a + b, 0) / Math.max(1, times.length));
  return { samples: times, average, slow: average > LATENCY_THRESHOLD_MS };
}
