import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_MAX_DEPTH, inputProblems, nulFields } from '../../platform/core/input-guard';
import { HubClient } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, call, newBoard, rect, signedIn, type Who } from './boards-fixtures';

/**
 * Input no route or hub method should ever turn into a 500 (or a crash): keys named like
 * Object.prototype members, and NUL characters (PostgreSQL cannot store them).
 */
describe('input guards', () => {
  let p: TestPlatform;
  let owner: Who;
  let code: string;
  beforeAll(async () => {
    p = await startTestPlatform({}, { listen: true });
    owner = await signedIn(p, { plan: 'team' });
    code = (await newBoard(p, owner)).code;
  });
  afterAll(() => p.stop());

  it('HTTP: an unknown key named constructor, toString or hasOwnProperty is a 400 naming that key', async () => {
    for (const key of ['constructor', 'toString', 'hasOwnProperty']) {
      const res = await call(p, owner, 'POST', `/api/boards/${code}/rename`, { name: 'x', [key]: 1 });
      expect(res.status, key).toBe(400);
      expect(res.body.errors[key], key).toEqual([`${key} is not allowed`]);
    }
    const res = await call(p, owner, 'GET', `/api/boards/${code}/sharing?__proto__=x`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(['__proto__']);
  });

  it('hub: an envelope key "constructor" answers 400 and the socket stays up and usable', async () => {
    const c = await HubClient.connect(p.url, { token: owner.token });
    await expect(c.raw({ method: 'joinBoard', args: [null, code, null, {}], constructor: 1 })).rejects.toMatchObject({ statusCode: 400 });
    await expect(c.call('joinBoard', null, code, null, { constructor: 1 })).rejects.toMatchObject({ statusCode: 400 });
    expect(await c.call('joinBoard', null, code, null, {})).toMatchObject({ code });
    expect(c.disconnects).toBe(0);
    await c.close();
  });

  it('HTTP: a NUL character anywhere in the payload, query or path is a 400 naming the field, and nothing is stored', async () => {
    const N = 'a\u0000b';
    const rename = await call(p, owner, 'POST', `/api/boards/${code}/rename`, { name: N });
    expect(rename.status).toBe(400);
    expect(rename.body).toMatchObject({
      message: 'name must not contain the NUL character.',
      errors: { name: ['name must not contain the NUL character.'] },
    });
    const before = await p.db('commands').count<{ n: string }[]>({ n: '*' });
    const command = await call(p, owner, 'POST', `/api/boards/${code}/commands`, {
      boardCommand: add(owner.actor.uid, rect(`r${N}`, owner.actor.uid)),
    });
    expect(command.status).toBe(400);
    expect(Object.keys(command.body.errors)).toEqual(['boardCommand.shape.id']);
    expect(await p.db('commands').count<{ n: string }[]>({ n: '*' })).toEqual(before);
    expect((await call(p, owner, 'POST', '/api/boards', { name: N })).status).toBe(400);
    expect((await call(p, owner, 'POST', '/api/logs/clients', { level: 'info', message: N })).status).toBe(400);
    expect((await call(p, owner, 'GET', `/api/boards/${code}/messages?From=${encodeURIComponent(N)}`)).status).toBe(400);
    expect((await call(p, owner, 'GET', `/api/boards/${encodeURIComponent(N)}/commands`)).status).toBe(400);
    expect((await p.db('boards').where({ code }).first('name')).name).not.toContain('\u0000');
  });

  it('hub: a NUL character in an argument is a 400 naming it; the socket stays up', async () => {
    const c = await HubClient.connect(p.url, { token: owner.token });
    await c.call('joinBoard', null, code, null, {});
    const N = 'a\u0000b';
    await expect(c.call('sendMessage', code, { id: 'm1', message: N })).rejects.toMatchObject({
      statusCode: 400,
      message: 'message.message must not contain the NUL character.',
    });
    await expect(c.call('addComment', code, N)).rejects.toMatchObject({ statusCode: 400 });
    await expect(c.call('renameMember', code, N)).rejects.toMatchObject({ statusCode: 400 });
    await expect(c.call('sendCommand', code, add(owner.actor.uid, rect(N, owner.actor.uid)))).rejects.toMatchObject({ statusCode: 400 });
    expect(await c.call('renameMember', code, 'Ann')).toBeTruthy();
    expect(c.disconnects).toBe(0);
    await c.close();
  });

  it('nulFields names strings and keys at any depth', () => {
    expect(nulFields({ a: 'x', b: ['ok', 'n\u0000'], c: { 'k\u0000': 1, d: { e: '\u0000' } } })).toEqual(['b.1', 'c.k\\0', 'c.d.e']);
    expect(nulFields('\u0000')).toEqual(['*']);
    expect(nulFields({ a: 1, b: null, c: Buffer.from([0]) })).toEqual([]);
  });

  it('inputProblems: lone surrogates (not pairs) in strings and keys, and nesting past the limit, iteratively', () => {
    const fields = (v: unknown) => inputProblems(v).map((p) => p.field);
    expect(fields({ emoji: '💥 ok', pair: '\ud83d\udca5', 'key💥': 'x' })).toEqual([]);
    expect(fields({ a: 'x\ud800', b: ['\udc00y'], c: { ['k\ud83d']: 1 }, d: 'ok\ud800\udc00' })).toEqual(['a', 'b.0', 'c.k\\ud83d']);
    let deep: unknown = 'leaf';
    for (let i = 0; i < INPUT_MAX_DEPTH; i++) deep = [deep];
    expect(fields(deep)).toEqual([]);
    expect(inputProblems([deep])).toEqual([
      { field: Array(INPUT_MAX_DEPTH).fill('0').join('.'), text: expect.stringMatching(/is nested too deeply \(at most 64 levels\)\.$/) },
    ]);
    // far deeper than any stack: a loop, not a recursion
    let huge: unknown = 1;
    for (let i = 0; i < 200_000; i++) huge = { a: huge };
    expect(inputProblems(huge)).toHaveLength(1);
  });
});
