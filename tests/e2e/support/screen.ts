import type { Page } from '@playwright/test';

/**
 * What a person sees on the board, read from the pixels the renderer drew (not from the editor's
 * document): the alpha of the shape layers — the tile canvas and the live two.js canvas, not the
 * background pattern — at a point given relative to the board canvas' top-left.
 */
export async function inkAt(page: Page, x: number, y: number, radius = 0): Promise<number> {
  return page.evaluate(
    ([sx, sy, r]) => {
      const top = document.querySelector('canvas[data-tabula-canvas]') as HTMLCanvasElement | null;
      if (!top) throw new Error('no board canvas');
      const container = top.parentElement!;
      const origin = top.getBoundingClientRect();
      let alpha = 0;
      const canvases = Array.from(container.querySelectorAll('canvas')) as HTMLCanvasElement[];
      for (const c of canvases.slice(1)) {
        // the first canvas is the background pattern (dots, grid): not a shape
        const box = c.getBoundingClientRect();
        const rx = c.width / (box.width || 1);
        const ry = c.height / (box.height || 1);
        const px = Math.round((origin.left + sx! - r! - box.left) * rx);
        const py = Math.round((origin.top + sy! - r! - box.top) * ry);
        const w = Math.max(1, Math.round((2 * r! + 1) * rx));
        const h = Math.max(1, Math.round((2 * r! + 1) * ry));
        if (px < 0 || py < 0 || px + w > c.width || py + h > c.height) continue;
        const data = c.getContext('2d')!.getImageData(px, py, w, h).data;
        for (let i = 3; i < data.length; i += 4) alpha = Math.max(alpha, data[i]!);
      }
      return alpha;
    },
    [x, y, radius] as const,
  );
}

/** Whether anything is drawn within `radius` px of a point (a stroke is a few pixels wide). */
export async function inkNear(page: Page, x: number, y: number, radius = 3): Promise<boolean> {
  return (await inkAt(page, x, y, radius)) > 0;
}
