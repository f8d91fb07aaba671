/**
 * The .wtb backup format (platform/library/wtb.ts) and the library's small rules: encode → decode
 * gives the board back; what decode refuses, each as a 400 under `file`; tag and name cleaning.
 */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { tagsOf } from '../../../platform/library/board-list';
import { portableSettings } from '../../../platform/library/backup';
import { cleanTags, copyName } from '../../../platform/library/service';
import { decodeWtb, encodeWtb, wtbFileName, WTB_MESSAGES } from '../../../platform/library/wtb';
import type { Shape } from '../../../shared/model';

const limits = { maxShapes: 100, maxShapeBytes: 100_000 };
const rect = (id: string, x = 0): Shape =>
  ({ id, cmd: 'rectangle', uid: 'u1', timestamp: 1, x, y: 0, w: 10, h: 10, stroke: '#000000', lineWidth: 2 }) as Shape;
const picture = { id: '0b5b8a62-0f1e-4c4e-9d57-3f1f5c0e9a11', name: 'photo.png', data: Buffer.from('picture bytes') };
const board = {
  name: 'Plan',
  settings: { bg: 'dot', bgColor: '#fafafa' },
  tags: ['a'],
  shapes: [rect('r1'), rect('r2', 40)],
  assets: [picture],
};
const gz = (value: unknown) => zlib.gzipSync(Buffer.from(JSON.stringify(value)));

function refusal(run: () => unknown): { message: string; errors: Record<string, string[]> } {
  try {
    run();
  } catch (err) {
    const boom = err as { output: { statusCode: number; payload: { message: string; errors: Record<string, string[]> } } };
    expect(boom.output.statusCode).toBe(400);
    expect(boom.output.payload.errors.file).toBeTruthy();
    return boom.output.payload;
  }
  throw new Error('not refused');
}

describe('.wtb', () => {
  it('round-trips a board and its pictures through gzip JSON of version 2; version 1 (no pictures) still reads', () => {
    const file = encodeWtb(board);
    const json = JSON.parse(zlib.gunzipSync(file).toString());
    expect(json).toMatchObject({ format: 'tabula-board', version: 2, board: { name: 'Plan' } });
    expect(json.assets).toEqual([{ id: picture.id, name: 'photo.png', data: picture.data.toString('base64') }]);
    expect(decodeWtb(file, limits)).toEqual(board);
    const { assets: _assets, ...v1 } = json;
    expect(decodeWtb(gz({ ...v1, version: 1 }), limits)).toEqual({ ...board, assets: [] });
  });

  it('refuses pictures that are not a list of {id: UUID once, name, base64 data}', () => {
    const json = JSON.parse(zlib.gunzipSync(encodeWtb(board)).toString());
    const one = json.assets[0];
    expect(refusal(() => decodeWtb(gz({ ...json, assets: 'x' }), limits)).errors['file.assets']).toBeTruthy();
    expect(refusal(() => decodeWtb(gz({ ...json, assets: [{ ...one, id: 'x' }] }), limits)).errors['file.assets.0.id']).toBeTruthy();
    expect(refusal(() => decodeWtb(gz({ ...json, assets: [one, one] }), limits)).errors['file.assets.1.id']).toBeTruthy();
    expect(refusal(() => decodeWtb(gz({ ...json, assets: [{ ...one, name: '' }] }), limits)).errors['file.assets.0.name']).toBeTruthy();
    expect(
      refusal(() => decodeWtb(gz({ ...json, assets: [{ ...one, data: 'not base64!' }] }), limits)).errors['file.assets.0.data'],
    ).toBeTruthy();
    expect(refusal(() => decodeWtb(gz({ ...json, version: 2, assets: undefined }), limits)).errors['file.assets']).toBeTruthy();
  });

  it('refuses empty, damaged, other-version, oversized and invalid files', () => {
    const json = JSON.parse(zlib.gunzipSync(encodeWtb(board)).toString());
    expect(refusal(() => decodeWtb(Buffer.alloc(0), limits)).message).toBe(WTB_MESSAGES.noFile);
    expect(refusal(() => decodeWtb(Buffer.from('not gzip'), limits)).message).toBe(WTB_MESSAGES.corrupted);
    expect(refusal(() => decodeWtb(encodeWtb(board).subarray(0, 20), limits)).message).toBe(WTB_MESSAGES.corrupted);
    expect(refusal(() => decodeWtb(gz({ ...json, version: 3 }), limits)).message).toBe(WTB_MESSAGES.version);
    expect(refusal(() => decodeWtb(zlib.gzipSync(Buffer.alloc(97 * 1024 * 1024)), limits)).message).toBe(WTB_MESSAGES.tooLarge);
    expect(refusal(() => decodeWtb(gz({ ...json, shapes: Array.from({ length: 101 }, (_, i) => rect(`s${i}`)) }), limits)).message).toBe(
      WTB_MESSAGES.tooManyShapes(100),
    );
    expect(refusal(() => decodeWtb(gz({ ...json, shapes: [{ ...rect('x'), w: 'wide' }] }), limits)).errors['file.shapes.0.w']).toBeTruthy();
    expect(refusal(() => decodeWtb(gz({ ...json, shapes: [rect('x'), rect('x')] }), limits)).errors['file.shapes.1.id']).toBeTruthy();
    expect(
      refusal(() => decodeWtb(gz({ ...json, board: { ...json.board, settings: { bgColor: 'red' } } }), limits)).errors[
        'file.board.settings.bgColor'
      ],
    ).toBeTruthy();
    expect(refusal(() => decodeWtb(gz({ ...json, board: { ...json.board, name: 'a\u0000b' } }), limits)).message).toBe(
      WTB_MESSAGES.invalid,
    );
  });
});

describe('library rules', () => {
  it('cleans tags, names and settings', () => {
    expect(cleanTags(['Alpha', ' alpha ', 'Beta  two', ''])).toEqual(['Alpha', 'Beta two']);
    expect(tagsOf(' a, b,,a ')).toEqual(['a', 'b']);
    expect(copyName('Plan')).toBe('Plan (copy)');
    expect(copyName('x'.repeat(200))).toHaveLength(200);
    expect(wtbFileName('Road map: Q1/Q2')).toBe('Road map Q1 Q2.wtb');
    expect(wtbFileName('***')).toBe('board.wtb');
    expect(portableSettings({ bg: 'dot', disabledBy: 'x' } as never)).toEqual({ bg: 'dot' });
  });
});
