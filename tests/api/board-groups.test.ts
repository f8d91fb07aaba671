import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command, Shape } from '../../shared/model';
import { composeGroup, ungroupedShapes } from '../../shared/geometry/grouping';
import { MESSAGES } from '../../shared/messages';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, cid, newBoard, rect, remove, send, signedIn, undo, type Who } from './boards-fixtures';

/**
 * Groups on the server (issue 34 item 4): what the board sends for Ctrl+G and Ctrl+Shift+G (one
 * commandSet each: the shapes removed and the composite added, or the reverse) passes the shape
 * check and the plan gate for a free user, as do moving, resizing and undoing a group; a group
 * carrying a plan feature (a frame) is refused like the feature alone, and nesting deeper than
 * the model allows is a 400.
 */

const cmd = (uid: string, c: Record<string, unknown>): Command =>
  ({ id: cid(), uid, status: 'normal', timestamp: Date.now(), ...c }) as Command;
const set = (uid: string, commands: Command[]): Command => cmd(uid, { cmd: 'commandSet', commands });

describe('group commands on the server', () => {
  let p: TestPlatform;
  let free: Who;

  beforeAll(async () => {
    p = await startTestPlatform();
    free = await signedIn(p);
  });
  afterAll(async () => {
    await p.stop();
  });

  it('accepts grouping, moving, resizing, ungrouping and undoing them from a free user', async () => {
    const board = await newBoard(p, free);
    const uid = free.actor.uid;
    const a = rect('a', uid, 0, 0);
    const b = rect('b', uid, 30, 0);
    for (const s of [a, b]) expect((await send(p, free, board.code, add(uid, s))).status).toBe(200);
    const group = composeGroup([a, b], { id: 'g', uid, timestamp: Date.now() });
    const grouping = set(uid, [remove(uid, ['a', 'b']), add(uid, group)]);
    const ungrouping = set(uid, [remove(uid, ['g']), ...ungroupedShapes(group).map((s) => add(uid, s))]);
    for (const c of [
      grouping,
      cmd(uid, { cmd: 'reposition', shapePositions: [{ shape: 'g', x: 40, y: 10 }] }),
      cmd(uid, { cmd: 'sizeModifier', shapes: ['g'], x: 40, y: 10, w: 80, h: 20 }),
      cmd(uid, { cmd: 'lock', shapes: ['g'], locked: true }),
      cmd(uid, { cmd: 'lock', shapes: ['g'], locked: false }),
      ungrouping,
      undo(uid, ungrouping.id),
      undo(uid, grouping.id),
    ]) {
      const res = await send(p, free, board.code, c);
      expect(res.status, `${c.cmd} ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it('refuses a group holding a plan feature the sender lacks, and groups nested too deep', async () => {
    const board = await newBoard(p, free);
    const uid = free.actor.uid;
    const frame = {
      id: `f-${crypto.randomUUID()}`,
      uid,
      timestamp: Date.now(),
      cmd: 'frame',
      x: 0,
      y: 0,
      w: 50,
      h: 50,
      color: '#cccccc',
      title: '',
      order: 1,
      children: [],
    } as Shape;
    const withFrame = composeGroup([rect('c', uid), frame], { id: 'gf', uid, timestamp: Date.now() });
    const refused = await send(p, free, board.code, add(uid, withFrame));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: MESSAGES.unauthorizedAccess, feature: 'frames' });

    const level = (id: string, inner: Shape[]) => composeGroup(inner, { id, uid, timestamp: Date.now() });
    const deep = level('g3', [level('g2', [level('g1', [rect('d', uid), rect('e', uid)]), rect('f', uid)]), rect('h', uid)]);
    expect((await send(p, free, board.code, add(uid, deep))).status).toBe(400);
  });
});
