import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBoard } from '../../platform/boards/service';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { call, guest, newBoard, signedIn, type Who } from './boards-fixtures';

/** PUT /api/users/configs (board.md §7): a signed-in user's keys, snapToObject and colours, sent with every join. */
describe('users API: board preferences (configs)', () => {
  let p: TestPlatform;
  let ann: Who;
  let bob: Who;
  beforeAll(async () => {
    p = await startTestPlatform();
    ann = await signedIn(p, { name: 'Ann' });
    bob = await signedIn(p, { name: 'Bob' });
  });
  afterAll(() => p.stop());

  const put = (who: Who | null, config: unknown) => call(p, who, 'PUT', '/api/users/configs', { config });

  it('saves key bindings and answers the whole config', async () => {
    const res = await put(ann, {
      keys: [
        { c: 'pen', k: 'Shift+P' },
        { c: 'bringToFront', k: 'Ctrl+]' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      keys: [
        { c: 'pen', k: 'Shift+P' },
        { c: 'bringToFront', k: 'Ctrl+]' },
      ],
      snapToObject: false,
      colors: [],
    });
  });

  it('keeps the parts not sent, and every board the user opens receives them', async () => {
    expect((await put(ann, { snapToObject: true })).body).toMatchObject({
      keys: [
        { c: 'pen', k: 'Shift+P' },
        { c: 'bringToFront', k: 'Ctrl+]' },
      ],
      snapToObject: true,
    });
    expect((await put(ann, { colors: ['#112233'] })).status).toBe(200);
    const mine = await newBoard(p, ann);
    const theirs = await newBoard(p, bob);
    for (const code of [mine.code, theirs.code]) {
      const info = await describeBoard(p.server.app, code, ann.actor);
      expect(info.userConfig).toEqual({
        keys: [
          { c: 'pen', k: 'Shift+P' },
          { c: 'bringToFront', k: 'Ctrl+]' },
        ],
        snapToObject: true,
        colors: ['#112233'],
      });
    }
    // another user's preferences are their own
    expect((await describeBoard(p.server.app, theirs.code, bob.actor)).userConfig).toEqual({ keys: [], snapToObject: false, colors: [] });
  });

  it('replaces the key list as a whole (an empty list restores the defaults)', async () => {
    expect((await put(ann, { keys: [] })).body.keys).toEqual([]);
  });

  it('answers 400 with field errors for bad input', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'config'],
      [{ keys: [{ c: 'pen' }] }, 'config.keys.0.k'],
      [
        {
          keys: [
            { c: 'pen', k: 'P' },
            { c: 'pen', k: 'Q' },
          ],
        },
        'config.keys.1',
      ],
      [{ keys: [{ c: 'a b', k: 'P' }] }, 'config.keys.0.c'],
      [{ keys: [{ c: 'pen', k: 'Ctrl+\u0000' }] }, 'config.keys.0.k'],
      [{ snapToObject: 'yes' }, 'config.snapToObject'],
      [{ colors: ['red'] }, 'config.colors.0'],
      [{ colors: Array.from({ length: 101 }, () => '#000000') }, 'config.colors'],
    ];
    for (const [config, field] of cases) {
      const res = await put(ann, config);
      expect(res.status, JSON.stringify(config)).toBe(400);
      expect(Object.keys(res.body.errors), JSON.stringify(config)).toContain(field);
    }
    expect((await call(p, ann, 'PUT', '/api/users/configs', {})).status).toBe(400);
  });

  it('answers 401 to guests: they keep their preferences in the page', async () => {
    expect((await put(guest(), { keys: [] })).status).toBe(401);
    expect((await put(null, { keys: [] })).status).toBe(401);
  });
});
