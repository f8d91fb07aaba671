/**
 * Issue 26 item 6: a shape's link is http, https or mailto (shared/links.ts, docs/security.md
 * "Link schemes"). A command carrying another scheme — as a new shape's link, nested in a
 * composite, or set by a propertyModifier — is refused with 400 and the field error, over HTTP
 * and the hub, and nothing is stored.
 */
import { describe, expect, it } from 'vitest';
import type { Command, Shape } from '../../shared/model';
import { add, cid, newBoard, rect, send, signedIn, type Who } from '../api/boards-fixtures';
import { hubSuite } from '../api/hub-suite';

const s = hubSuite();
const rows = (boardId: string) => s.p.db('commands').where({ board_id: boardId });
const withLink = (link: string, id = 'r', who: Who = s.owner) => ({ ...rect(id, who.actor.uid), link }) as Shape;
const setLink = (who: Who, shape: string, value: unknown) =>
  ({
    id: cid(),
    uid: who.actor.uid,
    status: 'normal',
    timestamp: Date.now(),
    cmd: 'propertyModifier',
    shapes: [shape],
    props: [{ name: 'link', value }],
  }) as Command;
/** A user whose plan allows links on shapes (attach-link: the beta-tester plan). */
const linker = () => signedIn(s.p, { plan: 'beta-tester', name: 'Lin' });

describe('link schemes on commands', () => {
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
    'java\tscript:x',
    '/relative',
  ])('a new shape with link %j is refused with 400 and the field error', async (link) => {
    const { code, id } = await newBoard(s.p, s.owner);
    const res = await send(s.p, s.owner, code, add(s.owner.actor.uid, withLink(link)));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.errors)).toContain('link must be an http, https or mailto link');
    expect(await rows(id)).toHaveLength(0);
  });

  it('http, https and mailto links are stored', async () => {
    const who = await linker();
    const { code, id } = await newBoard(s.p, who);
    for (const [i, link] of ['http://example.com', 'HTTPS://example.com/x', 'mailto:ann@example.com', ''].entries()) {
      expect((await send(s.p, who, code, add(who.actor.uid, withLink(link, `r${i}`, who)))).status).toBe(200);
    }
    expect(await rows(id)).toHaveLength(4);
  });

  it('a nested shape and a propertyModifier with a bad link are refused too; null removes a link', async () => {
    const who = await linker();
    const { code, id } = await newBoard(s.p, who);
    const group = {
      id: 'g',
      cmd: 'composite',
      uid: who.actor.uid,
      timestamp: Date.now(),
      shapes: [withLink('javascript:x', 'inner', who)],
    } as unknown as Shape;
    const nested = await send(s.p, who, code, add(who.actor.uid, group));
    expect(nested.status).toBe(400);
    expect((await send(s.p, who, code, add(who.actor.uid, withLink('https://example.com', 'r', who)))).status).toBe(200);
    const bad = await send(s.p, who, code, setLink(who, 'r', 'javascript:alert(1)'));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ 'boardCommand.props.0': ['value of link: must be an http, https or mailto link'] });
    expect((await send(s.p, who, code, setLink(who, 'r', null))).status).toBe(200);
    expect(await rows(id)).toHaveLength(2);
  });

  it('over the hub, a command with a javascript: link is refused with 400', async () => {
    const { code, id } = await newBoard(s.p, s.owner);
    const hub = await s.connect(s.owner);
    await hub.call('joinBoard', null, code, null, {});
    const err = await hub.fail('sendCommand', code, add(s.owner.actor.uid, withLink('javascript:alert(1)')));
    expect(err.statusCode).toBe(400);
    expect(JSON.stringify(err.data)).toContain('link must be an http, https or mailto link');
    expect(await rows(id)).toHaveLength(0);
  });
});
