import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command, Shape } from '../../shared/model';
import { MESSAGES } from '../../shared/messages';
import { POLICY } from '../../shared/policies';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { HubClient } from '../helpers/hub';
import { add, cid, guest, newBoard, rect, send, signedIn, type Who } from './boards-fixtures';

/**
 * The server refuses a command its sender's plan does not allow (board.md §6 "Policies by
 * plan"; platform/boards/policy-gate.ts, the table in shared/policies.ts): 403 'Unauthorized
 * access' naming the feature, nothing stored, over HTTP and the hub's sendCommand; the same
 * command from a team user is accepted. The plan is the sender's (what joinBoard answers as claims.policies).
 */

const shape = (uid: string, s: Record<string, unknown>): Shape =>
  ({ id: `s-${crypto.randomUUID()}`, uid, timestamp: Date.now(), ...s }) as Shape;
const cmd = (uid: string, c: Record<string, unknown>): Command =>
  ({ id: cid(), uid, status: 'normal', timestamp: Date.now(), ...c }) as Command;
const line = { cmd: 'line', points: [0, 0, 50, 50], color: '#000000', lineWidth: 2, type: 'line' };

/** One row per command-level policy: the command (on a board holding the sender's rectangle 'base' and line 'wire') and what allows it. */
const CASES: Array<{ feature: string; policy: string; plan?: 'beta-tester'; command: (uid: string) => Command }> = [
  {
    feature: 'frames',
    policy: POLICY.frames,
    command: (uid) =>
      add(uid, shape(uid, { cmd: 'frame', x: 0, y: 0, w: 200, h: 100, color: '#cccccc', title: 'Plan', order: 1, children: [] })),
  },
  {
    feature: 'comments',
    policy: POLICY.comments,
    command: (uid) => add(uid, shape(uid, { cmd: 'comment', x: 5, y: 5, threadId: crypto.randomUUID(), color: 6, resolved: false })),
  },
  {
    feature: 'highlighter',
    policy: POLICY.highlighterToolbox,
    command: (uid) => add(uid, shape(uid, { cmd: 'highlighter', points: [0, 0, 10, 10], color: '#ffff00', lineWidth: 2, type: 'hl' })),
  },
  { feature: 'line type', policy: POLICY.lineType, command: (uid) => add(uid, shape(uid, { ...line, type: 'dashed' })) },
  {
    feature: 'line type (set)',
    policy: POLICY.lineType,
    command: (uid) => cmd(uid, { cmd: 'propertyModifier', shapes: ['wire'], props: [{ name: 'type', value: 'dotted' }] }),
  },
  { feature: 'connector lines', policy: POLICY.connectorLines, command: (uid) => add(uid, shape(uid, { ...line, start: 'base' })) },
  {
    feature: 'connector lines (set)',
    policy: POLICY.connectorLines,
    command: (uid) => cmd(uid, { cmd: 'propertyModifier', shapes: ['wire'], props: [{ name: 'end', value: 'base' }] }),
  },
  {
    feature: 'rotate shapes',
    policy: POLICY.rotateShapes,
    command: (uid) => cmd(uid, { cmd: 'propertyModifier', shapes: ['base'], props: [{ name: 'rotation', value: 45 }] }),
  },
  {
    feature: 'rotate shapes (new shape)',
    policy: POLICY.rotateShapes,
    command: (uid) => add(uid, { ...rect(`r-${crypto.randomUUID()}`, uid), rotation: 30 } as Shape),
  },
  {
    feature: 'tag shapes',
    policy: POLICY.tagShapes,
    command: (uid) =>
      cmd(uid, { cmd: 'propertyModifier', shapes: ['base'], props: [{ name: 'tags', value: [{ key: 'status', value: 'done' }] }] }),
  },
  {
    feature: 'protected lock',
    policy: POLICY.protectedLock,
    command: (uid) => cmd(uid, { cmd: 'lock', shapes: ['base'], locked: true, protect: true }),
  },
  {
    feature: 'attach link',
    policy: POLICY.attachLink,
    plan: 'beta-tester',
    command: (uid) => cmd(uid, { cmd: 'propertyModifier', shapes: ['base'], props: [{ name: 'link', value: 'https://example.com/' }] }),
  },
  {
    feature: 'frames inside a commandSet',
    policy: POLICY.frames,
    command: (uid) =>
      cmd(uid, {
        cmd: 'commandSet',
        commands: [
          add(uid, rect(`r-${crypto.randomUUID()}`, uid)),
          add(uid, shape(uid, { cmd: 'frame', x: 0, y: 0, w: 20, h: 20, color: '#cccccc', title: '', order: 2, children: [] })),
        ],
      }),
  },
];

describe('plan policies enforced on commands', () => {
  let p: TestPlatform;
  let free: Who;
  let team: Who;
  let beta: Who;
  const open: HubClient[] = [];

  beforeAll(async () => {
    p = await startTestPlatform({}, { listen: true });
    free = await signedIn(p);
    team = await signedIn(p, { plan: 'team' });
    beta = await signedIn(p, { plan: 'beta-tester' });
  });
  afterAll(async () => {
    await Promise.all(open.map((h) => h.close()));
    await p.stop();
  });

  /** A board of `who` holding their rectangle 'base' and plain line 'wire'. */
  async function boardOf(who: Who): Promise<{ code: string; id: string }> {
    const board = await newBoard(p, who);
    const uid = who.actor.uid;
    expect((await send(p, who, board.code, add(uid, rect('base', uid)))).status).toBe(200);
    expect((await send(p, who, board.code, add(uid, { ...shape(uid, line), id: 'wire' } as Shape))).status).toBe(200);
    return board;
  }
  const lastSeq = async (id: string) => Number((await p.db('boards').where({ id }).first('last_seq')).last_seq);

  async function hubOf(who: Who, code: string): Promise<HubClient> {
    const hub = await HubClient.connect(p.url, who.token ? { token: who.token } : {});
    open.push(hub);
    await hub.call('joinBoard', null, code, null, who.secret ? { uid: who.secret } : {});
    return hub;
  }

  it.each(CASES)(
    '$feature: refused for a free user over HTTP and the hub, accepted for a team user (beta-tester: links)',
    async ({ feature, policy, plan, command }) => {
      const board = await boardOf(free);
      const before = await lastSeq(board.id);
      const http = await send(p, free, board.code, command(free.actor.uid));
      expect(http.status).toBe(403);
      expect(http.body).toMatchObject({
        message: MESSAGES.unauthorizedAccess,
        feature: feature.replace(/ \(.*\)$| inside a commandSet$/, ''),
      });
      expect(http.body.policies).toContain(policy);
      const hub = await hubOf(free, board.code);
      const refused = await hub.fail('sendCommand', board.code, command(free.actor.uid));
      expect(refused.statusCode).toBe(403);
      expect(refused.data?.message).toBe(MESSAGES.unauthorizedAccess);
      expect(await lastSeq(board.id)).toBe(before);

      // the team plan's (attach link: the beta-tester's)
      const allowed = plan === 'beta-tester' ? beta : team;
      const theirs = await boardOf(allowed);
      expect((await send(p, allowed, theirs.code, command(allowed.actor.uid))).status).toBe(200);
      const teamHub = await hubOf(allowed, theirs.code);
      const viaHub = command(allowed.actor.uid);
      expect(await teamHub.call('sendCommand', theirs.code, viaHub)).toMatchObject({ id: viaHub.id, duplicate: false });
    },
  );

  it('needs no policy for plain drawing, moving, resizing, removing and undo', async () => {
    const board = await boardOf(free);
    const uid = free.actor.uid;
    const drawn = add(uid, rect('plain', uid));
    for (const c of [
      drawn,
      cmd(uid, { cmd: 'reposition', shapePositions: [{ shape: 'plain', x: 5, y: 5 }] }),
      cmd(uid, {
        cmd: 'propertyModifier',
        shapes: ['plain'],
        props: [
          { name: 'rotation', value: 0 },
          { name: 'tags', value: [] },
          { name: 'link', value: null },
        ],
      }),
      cmd(uid, { cmd: 'lock', shapes: ['plain'], locked: true }),
      cmd(uid, { cmd: 'lock', shapes: ['plain'], locked: false }),
      cmd(uid, { cmd: 'remove', shapes: ['base'] }),
      cmd(uid, { cmd: 'undo', ref: drawn.id }),
    ]) {
      expect((await send(p, free, board.code, c)).status, c.cmd).toBe(200);
    }
  });

  it('needs no policy for tables and text alignment (board.md §6 lists none): what the table tool and the dialog send', async () => {
    const board = await boardOf(free);
    const uid = free.actor.uid;
    const grid = [
      ['Fruit', 'Qty'],
      ['Pears', '5'],
    ];
    const note = shape(uid, { cmd: 'stickyNote', text: 'Hi', x: 0, y: 0, w: 100, h: 100, color: '#feff9c', size: 'S', fontSize: 35 });
    const table = shape(uid, { cmd: 'table', x: 0, y: 200, w: 240, h: 66, table: grid, border: false, colWidths: [0.6, 0.4] });
    for (const c of [
      add(uid, table),
      add(uid, { ...note, align: 'right' } as Shape),
      // a cell editing session, then the Update dialog (grid, border, widths and size in one commandSet), then the alignment
      cmd(uid, {
        cmd: 'propertyModifier',
        shapes: [table.id],
        props: [
          {
            name: 'table',
            value: [
              ['Fruit', 'Qty'],
              ['Plums', '7'],
            ],
          },
        ],
      }),
      cmd(uid, {
        cmd: 'commandSet',
        commands: [
          cmd(uid, {
            cmd: 'propertyModifier',
            shapes: [table.id],
            props: [
              { name: 'table', value: [...grid, ['', '']] },
              { name: 'border', value: true },
              { name: 'colWidths', value: null },
            ],
          }),
          cmd(uid, { cmd: 'sizeModifier', shapes: [table.id], w: 240, h: 99 }),
        ],
      }),
      cmd(uid, { cmd: 'propertyModifier', shapes: [table.id, note.id], props: [{ name: 'align', value: 'center' }] }),
    ]) {
      expect((await send(p, free, board.code, c)).status, c.cmd).toBe(200);
    }
  });

  it('takes the early_access rotation handle, and beta-tester for links', async () => {
    const early = await signedIn(p, { plan: 'early_access' });
    const board = await boardOf(early);
    expect(
      (
        await send(
          p,
          early,
          board.code,
          cmd(early.actor.uid, { cmd: 'propertyModifier', shapes: ['base'], props: [{ name: 'rotation', value: 90 }] }),
        )
      ).status,
    ).toBe(200);
    const betaBoard = await boardOf(beta);
    expect(
      (
        await send(
          p,
          beta,
          betaBoard.code,
          cmd(beta.actor.uid, { cmd: 'propertyModifier', shapes: ['base'], props: [{ name: 'link', value: 'https://example.com/' }] }),
        )
      ).status,
    ).toBe(200);
    // the team plan does not include attach-link
    const teamBoard = await boardOf(team);
    expect(
      (
        await send(
          p,
          team,
          teamBoard.code,
          cmd(team.actor.uid, { cmd: 'propertyModifier', shapes: ['base'], props: [{ name: 'link', value: 'https://example.com/' }] }),
        )
      ).status,
    ).toBe(403);
  });

  it("is the sender's plan, not the board owner's: a guest or a free user cannot comment on a team user's board", async () => {
    const teamBoard = await newBoard(p, team);
    const visitor = guest();
    const comment = (uid: string) =>
      add(uid, shape(uid, { cmd: 'comment', x: 1, y: 1, threadId: crypto.randomUUID(), color: 6, resolved: false }));
    await hubOf(visitor, teamBoard.code);
    expect((await send(p, visitor, teamBoard.code, comment(visitor.actor.uid))).status).toBe(403);
    expect((await send(p, free, teamBoard.code, comment(free.actor.uid))).status).toBe(403);
    expect((await send(p, team, teamBoard.code, comment(team.actor.uid))).status).toBe(200);
    // and a team user keeps the features on a free user's board
    const freeBoard = await newBoard(p, free);
    expect((await send(p, team, freeBoard.code, comment(team.actor.uid))).status).toBe(200);
    // joinBoard answers the same policies, so the board hides what the server refuses
    const hub = await HubClient.connect(p.url);
    open.push(hub);
    const asGuest = await hub.call('joinBoard', null, teamBoard.code, null, { uid: visitor.secret });
    expect(asGuest.claims.policies).not.toContain(POLICY.comments);
  });

  it('refuses turning private mode on without the private-mode policy (turning it off is always allowed)', async () => {
    const board = await newBoard(p, free);
    const hub = await hubOf(free, board.code);
    const refused = await hub.fail('updateConfig', board.code, { privateMode: { type: 1, blurry: false } });
    expect(refused.statusCode).toBe(403);
    expect(refused.data?.message).toBe(MESSAGES.unauthorizedAccess);
    expect((await p.db('boards').where({ code: board.code }).first('board_config')).board_config?.privateMode?.type ?? 0).toBe(0);
    expect(await hub.call('updateConfig', board.code, { privateMode: { type: 0 } })).toMatchObject({ privateMode: { type: 0 } });
    const theirs = await newBoard(p, team);
    const teamHub = await hubOf(team, theirs.code);
    expect(await teamHub.call('updateConfig', theirs.code, { privateMode: { type: 1, blurry: false } })).toMatchObject({
      privateMode: { type: 1 },
    });
  });
});
