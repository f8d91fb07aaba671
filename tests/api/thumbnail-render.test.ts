import os from 'node:os';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RENDER_NICE, renderProcessId, renderThumbnailPng } from '../../platform/library/render/index';
import { pause } from '../helpers/hub';

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
