import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { inviteMember, setSharing } from '../../platform/boards/sharing';
import { updateBoardConfig } from '../../platform/boards/service';
import type { Command } from '../../shared/model';
import { HubClient } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { call, newBoard, signedIn, uidOf, type Who } from './boards-fixtures';

export interface PrivateModeCast {
  p: TestPlatform;
  owner: Who;
  editor: Who;
  facilitator: Who;
}

/**
 * What the private-mode suites share (tests/security/private-mode.test.ts,
 * tests/api/private-blurry.test.ts): one platform with a team-plan Owner, an Editor and a
 * Facilitator (`cast` hands them to the suite's own variables once they exist); boards with
 * the two invited and the link open to editors; commands posted and loaded over HTTP; hub
 * clients joined to a board and closed after each test. Real sockets, real database.
 */
export function privateModeSuite(cast: (c: PrivateModeCast) => void) {
  let c: PrivateModeCast;
  const open: HubClient[] = [];
  beforeAll(async () => {
    const p = await startTestPlatform({}, { listen: true });
    c = {
      p,
      owner: await signedIn(p, { plan: 'team', name: 'Olive Owner' }),
      editor: await signedIn(p, { name: 'Eddie Editor' }),
      facilitator: await signedIn(p, { name: 'Fay Facilitator' }),
    };
    cast(c);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((h) => h.close()));
  });
  afterAll(async () => {
    await c?.p.stop();
  });

  /** A board of the Owner's with the Editor and the Facilitator invited and the link open to editors. */
  async function board(): Promise<{ code: string; id: string; members: { editor: string; facilitator: string } }> {
    const b = await newBoard(c.p, c.owner);
    const e = await inviteMember(c.p.server.app, b.code, c.owner.actor, { email: c.editor.user!.username, memberRole: 'Editor' });
    const f = await inviteMember(c.p.server.app, b.code, c.owner.actor, { email: c.facilitator.user!.username, memberRole: 'Facilitator' });
    await setSharing(c.p.server.app, b.code, c.owner.actor, { link: 'Editor' });
    return { ...b, members: { editor: e.id, facilitator: f.id } };
  }

  /** The Owner sets the board's private mode (blurry only when on). */
  const privateMode = (code: string, on: boolean, blurry = false) =>
    updateBoardConfig(c.p.server.app, code, c.owner.actor, { privateMode: { type: on ? 1 : 0, blurry: on && blurry } });

  async function post(who: Who, code: string, command: Command) {
    const res = await call(c.p, who, 'POST', `/api/boards/${code}/commands`, { boardCommand: JSON.stringify(command) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { id: string; seq: number; effect?: { shapes: Array<{ id: string }>; removed: string[] } };
  }

  /** The join payload (or catch-up with `after`) as `who` receives it, parsed and raw. */
  async function load(who: Who, code: string, after?: number) {
    const res = await call(c.p, who, 'GET', `/api/boards/${code}/commands${after === undefined ? '' : `?after=${after}`}`);
    expect(res.status).toBe(200);
    return {
      body: res.body as { snapshot: any; commands: any[]; lastSeq: number; restricted?: boolean; blurry?: boolean },
      raw: res.raw as string,
    };
  }

  async function connect(who: Who): Promise<HubClient> {
    const h = await HubClient.connect(c.p.url, { token: who.token });
    open.push(h);
    return h;
  }

  async function joined(who: Who, code: string, options: { lastSeq?: number } = {}): Promise<HubClient> {
    const h = await connect(who);
    await h.call('joinBoard', null, code, null, { ...(who.token ? {} : { uid: uidOf(who) }), ...options });
    return h;
  }

  /** Waits until `h` received onCommand events up to `seq` (placeholders included); answers them. */
  const commandsUpTo = (h: HubClient, seq: number) =>
    h.until(
      () => (h.received<any>('onCommand').some((d) => d.seq >= seq) ? h.received<any>('onCommand') : undefined),
      10_000,
      `onCommand up to seq ${seq}`,
    );

  return { board, privateMode, post, load, connect, joined, commandsUpTo };
}
