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
const board = { name: 'Plan', settings: { bg: 'dot', bgColor: '#fafafa' }, tags: ['a'], shapes: [rect('r1'), rect('r2', 40)] };
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
  it('round-trips a board through gzip JSON of version 1', () => {
    const file = encodeWtb(board);
    expect(JSON.parse(zlib.gunzipSync(file).toString())).toMatchObject({ format: 'tabula-board', version: 1, board: { name: 'Plan' } });
    expect(decodeWtb(file, limits)).toEqual(board);
  });

  it('refuses empty, damaged, other-version, oversized and invalid files', () => {
    const json = JSON.parse(zlib.gunzipSync(encodeWtb(board)).toString());
    expect(refusal(() => decodeWtb(Buffer.alloc(0), limits)).message).toBe(WTB_MESSAGES.noFile);
    expect(refusal(() => decodeWtb(Buffer.from('not gzip'), limits)).message).toBe(WTB_MESSAGES.corrupted);
    expect(refusal(() => decodeWtb(encodeWtb(board).subarray(0, 20), limits)).message).toBe(WTB_MESSAGES.corrupted);
    expect(refusal(() => decodeWtb(gz({ ...json, version: 2 }), limits)).message).toBe(WTB_MESSAGES.version);
    expect(refusal(() => decodeWtb(zlib.gzipSync(Buffer.alloc(65 * 1024 * 1024)), limits)).message).toBe(WTB_MESSAGES.tooLarge);
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
