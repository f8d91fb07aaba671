/**
 * GET /api/boards/{id}/history (platform/boards/history.ts; board.md §3 Activity entry, §6 board
 * history policy, §9): entries in words with members' names, who may read them, Restore of a
 * recent removal as a normal command, private mode, and the window on a 100k-command board.
 * Runs on PGlite and on PostgreSQL (TEST_DB=pg).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyWindowQuery } from '../../platform/boards/history';
import { inviteMember, setSharing } from '../../platform/boards/sharing';
import { updateBoardConfig } from '../../platform/boards/service';
import type { HistoryEntry } from '../../shared/history';
import type { Command, Shape } from '../../shared/model';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { add, call, cid, guest, move, newBoard, rect, remove, send, signedIn, undo, type Who } from './boards-fixtures';

let p: TestPlatform;
let owner: Who;
let teammate: Who;
let noPlan: Who;
beforeAll(async () => {
  p = await startTestPlatform();
  owner = await signedIn(p, { plan: 'team', name: 'Olga' });
  teammate = await signedIn(p, { plan: 'teamplus', name: 'Tess' });
  noPlan = await signedIn(p, { name: 'Nils' });
});
afterAll(async () => {
  await p?.stop();
});

const history = async (who: Who, code: string, query = '') => {
  const res = await call(p, who, 'GET', `/api/boards/${code}/history${query}`);
  return { status: res.status, entries: res.body as HistoryEntry[], raw: res.raw as string, body: res.body };
};

async function posted(who: Who, code: string, command: Command) {
  const res = await send(p, who, code, command);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { seq: number };
}

/** A board of the owner's with the teammate and the plan-less user invited as editors. */
async function sharedBoard() {
  const b = await newBoard(p, owner);
  for (const who of [teammate, noPlan]) {
    await inviteMember(p.server.app, b.code, owner.actor, { email: who.user!.username, memberRole: 'Editor' });
    // the member row takes the account's name when they first open the board
    expect((await call(p, who, 'GET', `/api/boards/${b.code}/commands`)).status).toBe(200);
  }
  return b;
}

describe('entries in words, and Restore', () => {
  it('tells who did what with the names the board shows, newest first, and offers Restore for a recent removal', async () => {
    const { code } = await sharedBoard();
    const o = owner.actor.uid;
    const t = teammate.actor.uid;
    await posted(owner, code, add(o, rect('A', o)));
    await posted(owner, code, add(o, { ...rect('B', o, 40, 40), w: 30 } as Shape));
    await posted(teammate, code, move(t, 'A', 5, 5));
    await posted(teammate, code, remove(t, ['B']));

    const { status, entries } = await history(owner, code);
    expect(status).toBe(200);
    expect(entries.map((e) => e.description)).toEqual(['Tess removed a rectangle', 'Tess moved a rectangle', 'Olga added 2 rectangles']);
    const [removal] = entries;
    expect(removal).toMatchObject({ name: 'Tess', uid: t, restore: true, count: 1 });
    expect(removal!.day).toBe(new Date().toISOString().slice(0, 10));
    // the shape as it was just before the removal
    expect(removal!.shapes).toEqual([expect.objectContaining({ id: 'B', cmd: 'rectangle', x: 40, y: 40, w: 30 })]);
    expect(entries[1]!.restore).toBe(false);

    // Restore is a normal command: the shapes re-added as they were (any editor, the board sees it)
    const restoreCmd = add(o, removal!.shapes![0]!);
    await posted(owner, code, restoreCmd);
    const load = await call(p, teammate, 'GET', `/api/boards/${code}/commands`);
    expect(JSON.stringify(load.body.commands)).toContain(restoreCmd.id);
    let after = (await history(owner, code)).entries;
    expect(after[0]!.description).toBe('Olga added a rectangle');
    expect(after.find((e) => e.id === removal!.id)).toMatchObject({ restore: false });
    expect(after.find((e) => e.id === removal!.id)!.shapes).toBeUndefined();

    // undoing the restore (Ctrl+Z) takes the shape away again: Restore is offered again
    await posted(owner, code, undo(o, restoreCmd.id));
    after = (await history(owner, code)).entries;
    expect(after[0]!.description).toBe('Olga undid adding a rectangle');
    expect(after.find((e) => e.id === removal!.id)).toMatchObject({ restore: true });
  });

  it('a removal undone by its author is not offered; a clear is told but not offered', async () => {
    const { code } = await sharedBoard();
    const o = owner.actor.uid;
    await posted(owner, code, add(o, rect('A', o)));
    const gone = remove(o, ['A']);
    await posted(owner, code, gone);
    await posted(owner, code, undo(o, gone.id));
    await posted(owner, code, add(o, rect('C', o)));
    await posted(owner, code, { id: cid(), uid: o, status: 'normal', timestamp: Date.now(), cmd: 'clear' } as Command);
    const { entries } = await history(owner, code);
    expect(entries[0]).toMatchObject({ description: 'Olga cleared the board', restore: false });
    expect(entries.find((e) => e.id === gone.id)).toMatchObject({ description: 'Olga removed a rectangle', restore: false });
  });

  it("day is the viewer's local day (tz); bad input is a 400 envelope", async () => {
    const { code } = await sharedBoard();
    await posted(owner, code, add(owner.actor.uid, rect('A', owner.actor.uid)));
    const offset = 14 * 60;
    const { entries } = await history(owner, code, `?tz=${offset}`);
    expect(entries[0]!.day).toBe(new Date(Date.parse(entries[0]!.date) + offset * 60_000).toISOString().slice(0, 10));
    const bad = await history(owner, code, '?tz=abc');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: expect.any(String), errors: { tz: [expect.any(String)] } });
  });
});

describe('who may read it', () => {
  it('needs the board history policy (team, teamplus) and view rights', async () => {
    const { code } = await sharedBoard();
    await setSharing(p.server.app, code, owner.actor, { link: 'NoAccess' });
    expect((await history(teammate, code)).status).toBe(200);
    // an editor whose plan lacks the policy, a guest (no plan), a stranger to a private board
    expect((await history(noPlan, code)).status).toBe(403);
    expect((await history(guest(), code)).status).toBe(403);
    const stranger = await signedIn(p, { plan: 'team', name: 'Stan' });
    expect((await history(stranger, code)).status).toBe(403);
    expect((await call(p, null, 'GET', `/api/boards/${code}/history`)).status).toBe(401);
    expect((await history(owner, 'nosuchboard000')).status).toBe(404);
  });

  it("names a guest by the board's name for them, never by their secret", async () => {
    const { code } = await sharedBoard();
    await setSharing(p.server.app, code, owner.actor, { link: 'Editor' });
    const g = guest();
    const res = await call(p, g, 'GET', `/api/boards/${code}/commands`);
    expect(res.status).toBe(200);
    await posted(g, code, add(g.actor.uid, rect('G', g.actor.uid)));
    const { entries, raw } = await history(owner, code);
    expect(entries[0]).toMatchObject({ name: 'Guest', uid: g.actor.uid, description: 'Guest added a rectangle' });
    expect(raw).not.toContain(g.secret!);
  });

  it('private mode: a member learns nothing of the shapes hidden from them, and restores only their own', async () => {
    const { code } = await sharedBoard();
    const o = owner.actor.uid;
    const t = teammate.actor.uid;
    await posted(owner, code, add(o, rect('O1', o)));
    await posted(owner, code, add(o, rect('O2', o)));
    await posted(owner, code, remove(o, ['O2']));
    await posted(teammate, code, add(t, rect('T1', t)));
    await posted(teammate, code, remove(t, ['T1']));
    await updateBoardConfig(p.server.app, code, owner.actor, { privateMode: { type: 1, blurry: false } });

    const mine = await history(teammate, code);
    expect(mine.status).toBe(200);
    expect(mine.entries.map((e) => e.description)).toEqual(['Tess removed a rectangle', 'Tess added a rectangle']);
    expect(mine.entries[0]).toMatchObject({ restore: true });
    expect(mine.raw).not.toContain('O1');
    expect(mine.raw).not.toContain('O2');
    // the owner sees everything
    const all = await history(owner, code);
    expect(all.entries).toHaveLength(4);
    expect(all.entries.filter((e) => e.restore).flatMap((e) => e.shapes!.map((s) => s.id))).toEqual(['T1', 'O2']);
  });
});

describe('a 100k-command board', () => {
  it('answers the last 1000 commands, reading a window of the (board, seq) index', async () => {
    const { code, id } = await newBoard(p, owner);
    const o = owner.actor.uid;
    const N = 100_000;
    // one statement: moves of 100 shapes, three minutes apart (no two fold into one entry); filed under no
    // shape ids (the history reads none of them: it keeps the bulk insert quick)
    await p.db.raw(
      `insert into commands (board_id, seq, client_id, uid, kind, payload, status, shape_ids, created_at)
       select ?, g, 'bulk-' || g, ?, 'reposition',
              jsonb_build_object('id', 'bulk-' || g, 'uid', ?::text, 'cmd', 'reposition', 'status', 'normal', 'timestamp', 0,
                                 'shapePositions', jsonb_build_array(jsonb_build_object('shape', 's' || (g % 100), 'x', 1, 'y', 1))),
              'normal', '{}'::text[], now() - ((? - g) * interval '3 minutes')
         from generate_series(1, ?) as g`,
      [id, o, o, N, N],
    );
    await p.db('boards').where({ id }).update({ last_seq: N });
    await p.db.raw('analyze commands');

    const started = performance.now();
    const { status, entries } = await history(owner, code);
    const took = performance.now() - started;
    expect(status).toBe(200);
    expect(entries).toHaveLength(1000);
    expect(entries[0]).toMatchObject({ id: `bulk-${N}`, description: 'Olga moved a shape', name: 'Olga' });
    expect(entries[999]!.id).toBe(`bulk-${N - 999}`);
    expect(took).toBeLessThan(5000);

    // the plan: a backward scan of the primary key that stops after the window (never the whole log)
    const q = historyWindowQuery(p.db, id).toSQL().toNative();
    const explained = await p.db.raw(`explain (analyze, format json) ${q.sql.replace(/\$\d+/g, '?')}`, q.bindings as never);
    const rows = explained.rows as Array<Record<string, unknown>>;
    const plan = (rows[0]!['QUERY PLAN'] as Array<{ Plan: PlanNode }>)[0]!.Plan;
    const scans = nodes(plan).filter((n) => n['Relation Name'] === 'commands');
    expect(scans).toHaveLength(1);
    expect(scans[0]!['Node Type']).toMatch(/Index/);
    expect(scans[0]!['Actual Rows']).toBeLessThanOrEqual(1000);
  }, 120_000);
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
