import os from 'node:os';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RENDER_NICE, renderProcessId, renderThumbnailPng, runRenderJob } from '../../platform/core/render/index';
import { pdfInfo, pdfPageVariants } from '../../platform/assets/pdf-render';
import { pause } from '../helpers/hub';
import { twoPagePdf } from '../helpers/pdf';

const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect x="10" y="10" width="180" height="80" fill="#d92d20"/></svg>',
);
const request = { input: svg, width: 480, height: 300, background: '#ffffff' };

describe('thumbnail render process', () => {
  it('draws an SVG as a PNG at thumbnail size, in a process of its own at a lower priority', async () => {
    const png = await renderThumbnailPng(request);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 480, height: 300 });
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    // the red rectangle is there (the middle pixel), the background around it white
    const at = (x: number, y: number) => [...data.subarray((y * 480 + x) * 3, (y * 480 + x) * 3 + 3)];
    expect(at(240, 150)).toEqual([217, 45, 32]);
    expect(at(2, 2)).toEqual([255, 255, 255]);
    const pid = renderProcessId();
    expect(pid).not.toBeNull();
    expect(pid).not.toBe(process.pid);
    expect(os.getPriority(pid!)).toBe(RENDER_NICE);
  });

  it('refuses a picture that is not what it says it is, and forks again after the process dies', async () => {
    const png = await renderThumbnailPng(request);
    await expect(renderThumbnailPng({ ...request, input: png, format: 'jpeg' })).rejects.toThrow('format mismatch');
    await expect(renderThumbnailPng({ ...request, input: Buffer.from('not a picture') })).rejects.toThrow();
    const first = renderProcessId()!;
    process.kill(first, 'SIGKILL');
    while (renderProcessId() === first) await pause(20);
    const again = await renderThumbnailPng(request);
    expect((await sharp(again).metadata()).width).toBe(480);
    expect(renderProcessId()).not.toBe(first);
  });
});

describe('PDF jobs in the render process', () => {
  it('reads a PDF and draws its pages there; an unreadable one rejects with its message', async () => {
    const pdf = twoPagePdf();
    expect(await pdfInfo(pdf)).toEqual({ pages: 2, width: 200, height: 100 });
    const pid = renderProcessId();
    expect(pid).not.toBeNull();
    expect(pid).not.toBe(process.pid);
    const [one, two] = await Promise.all([pdfPageVariants(pdf, 1), pdfPageVariants(pdf, 2)]);
    expect(Buffer.isBuffer(one.full.data)).toBe(true);
    // drawn at 4× (the cap): 200 × 100 and 100 × 300 points
    expect(await sharp(one.full.data).metadata()).toMatchObject({ format: 'png', width: 800, height: 400 });
    expect(one.s1.contentType).toBe('image/webp');
    expect((await sharp(one.preview.data).metadata()).format).toBe('webp');
    expect(await sharp(two.full.data).metadata()).toMatchObject({ width: 400, height: 1200 });
    await expect(pdfInfo(Buffer.from('%PDF-1.4\nnothing here'))).rejects.toThrow(/\w/);
    await expect(pdfPageVariants(pdf, 3)).rejects.toThrow(/\w/);
    expect(renderProcessId()).toBe(pid);
  });

  it('a job past its timeout rejects, the process is killed, and the next job forks a new one', async () => {
    const pdf = twoPagePdf();
    await pdfInfo(pdf);
    const first = renderProcessId()!;
    await expect(runRenderJob({ kind: 'pdf-page', data: pdf, page: 1 }, 1)).rejects.toThrow('the render job pdf-page took more than 1 ms');
    while (alive(first)) await pause(20);
    expect(await pdfInfo(pdf)).toMatchObject({ pages: 2 });
    expect(renderProcessId()).not.toBe(first);
    expect(os.getPriority(renderProcessId()!)).toBe(RENDER_NICE);
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
