/**
 * Mermaid, loaded when first needed (issue 34 item 2, docs/performance.md "Mermaid"): the diagram
 * dialog previews a script of a kind other than a flowchart (shared/diagram/kind.ts). The package
 * (~3.5 MB) is in no bundle of ours — not the board page, not the `tabula` package, not the
 * single-script tabula-board.js — but in its own classic script, tabula-mermaid.js, that the
 * platform serves beside the SDK (/static/sdk/); the board loads it from the platform it talks to
 * (`Uploader.mermaidScript`, set by sdk/board.tsx) with a <script> element, which works for every
 * build (a module, a classic script, a host app's bundle) and under the board page's CSP
 * (script-src 'self'). One load per address; a failed one may be tried again.
 *
 * Mermaid draws with securityLevel 'strict' (no script, no click handler, labels sanitised) and
 * SVG text labels (htmlLabels off: the server rasterises the picture, which knows no HTML).
 */
import type { Mermaid } from 'mermaid';
import { sizedSvg } from '../../shared/diagram/kind';

declare global {
  interface Window {
    TabulaMermaid?: { default: Mermaid };
  }
}

/** How long a load may take before it counts as failed (ms). */
export const MERMAID_LOAD_TIMEOUT = 60_000;

const loads = new Map<string, Promise<Mermaid>>();

function ready(mermaid: Mermaid): Mermaid {
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    htmlLabels: false,
    suppressErrorRendering: true,
    theme: 'default',
    fontFamily: 'Arial, Helvetica, sans-serif',
  });
  return mermaid;
}

/** Mermaid from the script at `url` (loaded once; a failure is forgotten so the next call tries again). */
export function loadMermaid(url: string): Promise<Mermaid> {
  const known = loads.get(url);
  if (known) return known;
  const loading = new Promise<Mermaid>((resolve, reject) => {
    if (window.TabulaMermaid) return resolve(ready(window.TabulaMermaid.default));
    const script = document.createElement('script');
    const fail = (why: string) => {
      clearTimeout(timer);
      script.remove();
      reject(new Error(why));
    };
    const timer = setTimeout(() => fail('timed out'), MERMAID_LOAD_TIMEOUT);
    script.src = url;
    script.async = true;
    script.onload = () => {
      clearTimeout(timer);
      const api = window.TabulaMermaid?.default;
      if (api) resolve(ready(api));
      else fail('the script did not define Mermaid');
    };
    script.onerror = () => fail('the script could not be fetched');
    document.head.appendChild(script);
  });
  loads.set(url, loading);
  loading.catch(() => loads.delete(url));
  return loading;
}

export type MermaidDrawing = { ok: true; svg: string; width: number; height: number } | { ok: false; error: string };

let drawings = 0;

/** The picture of `script` drawn by Mermaid (sized: shared/diagram/kind.ts sizedSvg), or the parser's problem. */
export async function drawMermaid(mermaid: Mermaid, script: string): Promise<MermaidDrawing> {
  try {
    await mermaid.parse(script);
    const { svg } = await mermaid.render(`tb-mermaid-${++drawings}`, script);
    const sized = sizedSvg(svg);
    return sized ? { ok: true, ...sized } : { ok: false, error: 'This diagram came out empty.' };
  } catch (err) {
    return { ok: false, error: problemText(err) };
  }
}

/** Mermaid's problem as one readable text (its parser's message keeps its line and caret). */
export function problemText(err: unknown): string {
  const raw = err instanceof Error ? err.message : typeof err === 'string' ? err : 'This script cannot be drawn.';
  return raw.trim() || 'This script cannot be drawn.';
}
