/**
 * Issue 9 finding 6: private mode was enforced only in the browser — an Editor's
 * GET /api/boards/{code}/commands returned the owner's shapes and every command was broadcast to
 * everyone. Now the server never sends a restricted member (neither Owner nor Facilitator) what
 * concerns others' shapes: not in the join payload (snapshot + tail), not in catch-up (?after,
 * reconnect, joinBoard with lastSeq), not live (onCommand fan-out, the hub's gap fill, undo/redo
 * effects, clears, commandSet parts), not in the answer to its own undo. Real sockets, real database.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { changeMemberRole } from '../../platform/boards/sharing';
import { insertCommand } from '../../platform/boards/log';
import { refreshSnapshot } from '../../platform/boards/snapshots';
import { Editor } from '../../sdk/editor/editor';
import { SyncClient } from '../../sdk/sync/sync-client';
import type { Command } from '../../shared/model';
import { privateModeSuite } from '../api/private-mode-fixtures';
import type { TestPlatform } from '../helpers/platform';
import { add, cid, clear, guest, move, rect, undo, type Who } from '../api/boards-fixtures';

let p: TestPlatform;
let owner: Who;
let editor: Who;
let facilitator: Who;
const rover = guest();
const { board, privateMode, post, load, connect, joined, commandsUpTo } = privateModeSuite((c) => ({ p, owner, editor, facilitator } = c));

/** A shape id that cannot appear by chance in a payload. */
const sid = (who: string) => `${who}-shape-${crypto.randomBytes(6).toString('hex')}`;

const cmd = (uid: string, fields: object): Command => ({ id: cid(), uid, status: 'normal', timestamp: Date.now(), ...fields }) as Command;
const set = (uid: string, commands: Command[]) => cmd(uid, { cmd: 'commandSet', commands });

const ids = (commands: any[]) => JSON.stringify(commands);

describe('private mode: what an Editor is sent', () => {
  it("GET …/commands (snapshot + tail, and ?after) carries none of the owner's shapes, the Editor's own all", async () => {
    const { code, id: boardId } = await board();
    const o1 = sid('owner');
    const e1 = sid('editor');
    await post(owner, code, add(owner.actor.uid, rect(o1, owner.actor.uid)));
    await post(editor, code, add(editor.actor.uid, rect(e1, editor.actor.uid)));
    await privateMode(code, true);
    const o2 = sid('owner');
    const e2 = sid('editor');
    await post(owner, code, add(owner.actor.uid, rect(o2, owner.actor.uid, 50, 50)));
    await refreshSnapshot(p.db, boardId); // the snapshot holds o1, o2, e1
    await post(owner, code, move(owner.actor.uid, o1, 5, 5));
    // one commandSet: a part on the owner's shape, a part on the Editor's
    await post(owner, code, set(owner.actor.uid, [move(owner.actor.uid, o2, 1, 1), move(owner.actor.uid, e1, 7, 7)]));
    await post(editor, code, add(editor.actor.uid, rect(e2, editor.actor.uid)));
    const last = (
      await post(owner, code, cmd(owner.actor.uid, { cmd: 'propertyModifier', shapes: [o1, o2], props: [{ name: 'opacity', value: 5 }] }))
    ).seq;

    const seen = await load(editor, code);
    for (const o of [o1, o2]) expect(seen.raw).not.toContain(o);
    expect(seen.body.restricted).toBe(true);
    expect(seen.body.lastSeq).toBe(last);
    expect(seen.body.snapshot.shapes.map((s: any) => s.id)).toEqual([e1]);
    const tail = seen.body.commands;
    expect(tail.map((c: any) => c.seq)).toEqual([last - 3, last - 2, last - 1, last]);
    expect(tail[0]).toEqual({ seq: last - 3, hidden: true });
    // the commandSet reaches the Editor with only its part on the Editor's shape
    expect(tail[1]).toMatchObject({ cmd: 'commandSet', commands: [{ cmd: 'reposition', shapePositions: [{ shape: e1, x: 7, y: 7 }] }] });
    expect(tail[1].commands).toHaveLength(1);
    expect(tail[2]).toMatchObject({ cmd: 'rectangle', shape: { id: e2 } });
    expect(tail[3]).toEqual({ seq: last, hidden: true });

    const caughtUp = await load(editor, code, 0);
    for (const o of [o1, o2]) expect(caughtUp.raw).not.toContain(o);
    expect(caughtUp.body.commands.map((c: any) => c.seq)).toEqual(Array.from({ length: last }, (_, i) => i + 1));
    expect(ids(caughtUp.body.commands)).toContain(e1);
    expect(ids(caughtUp.body.commands)).toContain(e2);

    // the owner and the facilitator still receive everything
    for (const who of [owner, facilitator]) {
      const all = await load(who, code, 0);
      expect(all.body.restricted).toBeUndefined();
      for (const s of [o1, o2, e1, e2]) expect(all.raw).toContain(s);
      expect(all.body.commands.every((c: any) => typeof c.cmd === 'string')).toBe(true);
    }
  });

  it('a guest Editor (by link) is filtered the same way', async () => {
    const { code } = await board();
    await privateMode(code, true);
    const o1 = sid('owner');
    const g1 = sid('guest');
    await post(owner, code, add(owner.actor.uid, rect(o1, owner.actor.uid)));
    await post(rover, code, add(rover.actor.uid, rect(g1, rover.actor.uid)));
    const seen = await load(rover, code);
    expect(seen.raw).not.toContain(o1);
    expect(seen.raw).toContain(g1);
  });

  it("live onCommand: the Editor gets no owner shape (a placeholder holds its seq), the owner gets the Editor's", async () => {
    const { code } = await board();
    await privateMode(code, true);
    const o = await joined(owner, code);
    const e = await joined(editor, code);
    const f = await joined(facilitator, code);
    const o1 = sid('owner');
    const e1 = sid('editor');
    const ownAdd = add(owner.actor.uid, rect(o1, owner.actor.uid));
    const a1 = await o.call('sendCommand', code, ownAdd);
    const a2 = await e.call('sendCommand', code, add(editor.actor.uid, rect(e1, editor.actor.uid)));
    // the owner moves both shapes in one command: the Editor receives the part on its shape
    const a3 = await o.call(
      'sendCommand',
      code,
      cmd(owner.actor.uid, {
        cmd: 'reposition',
        shapePositions: [
          { shape: o1, x: 3, y: 3 },
          { shape: e1, x: 4, y: 4 },
        ],
      }),
    );
    const a4 = await o.call('sendCommand', code, cmd(owner.actor.uid, { cmd: 'textModifier', shape: o1, value: 'owner secret' }));
    // the owner undoes its add: the effect (removed o1) is not the Editor's
    const a5 = await o.call('sendCommand', code, undo(owner.actor.uid, ownAdd.id));
    const a6 = await o.call('sendCommand', code, clear(owner.actor.uid));
    expect([a1, a2, a3, a4, a5, a6].map((a) => a.seq)).toEqual([1, 2, 3, 4, 5, 6].map((n) => a1.seq + n - 1));

    const got = await commandsUpTo(e, a6.seq);
    expect(JSON.stringify(e.events)).not.toContain(o1);
    expect(JSON.stringify(e.events)).not.toContain('owner secret');
    expect(got.map((c) => c.seq)).toEqual([a1.seq, a3.seq, a4.seq, a5.seq, a6.seq]);
    expect(got[0]).toEqual({ seq: a1.seq, hidden: true });
    expect(got[1]).toMatchObject({ cmd: 'reposition', shapePositions: [{ shape: e1, x: 4, y: 4 }] });
    expect(got[1].shapePositions).toHaveLength(1);
    expect(got[2]).toEqual({ seq: a4.seq, hidden: true });
    expect(got[3]).toEqual({ seq: a5.seq, hidden: true });
    // the clear reaches the Editor (it removes its shapes too) without the list of every id
    expect(got[4]).toMatchObject({ cmd: 'clear', seq: a6.seq });
    expect(got[4].effect).toBeUndefined();

    // Owner and Facilitator receive everything, the Editor's add included
    const ownerGot = await commandsUpTo(o, a2.seq);
    expect(ownerGot.find((c) => c.seq === a2.seq)).toMatchObject({ cmd: 'rectangle', shape: { id: e1 } });
    const facGot = await commandsUpTo(f, a6.seq);
    expect(facGot.map((c) => c.seq)).toEqual([a1.seq, a2.seq, a3.seq, a4.seq, a5.seq, a6.seq]);
    expect(JSON.stringify(facGot)).toContain('owner secret');
    expect(facGot.find((c) => c.seq === a5.seq).effect.removed).toEqual([o1]);
  });

  it("the Editor's other socket receives its own commands; its undo effect (answer and live) carries only its shapes", async () => {
    const { code } = await board();
    const o1 = sid('owner');
    const e1 = sid('editor');
    await post(owner, code, add(owner.actor.uid, rect(o1, owner.actor.uid)));
    await post(editor, code, add(editor.actor.uid, rect(e1, editor.actor.uid)));
    // before private mode the Editor moved the owner's shape and its own in one command
    const both = cmd(editor.actor.uid, {
      cmd: 'reposition',
      shapePositions: [
        { shape: o1, x: 2, y: 2 },
        { shape: e1, x: 2, y: 2 },
      ],
    });
    await post(editor, code, both);
    await privateMode(code, true);
    await post(owner, code, cmd(owner.actor.uid, { cmd: 'textModifier', shape: o1, value: 'later secret' }));
    const o = await joined(owner, code);
    const tab = await joined(editor, code);
    const e = await joined(editor, code);
    const answer = await e.call('sendCommand', code, undo(editor.actor.uid, both.id));
    // the answer: the effect holds the Editor's shape, not the owner's (whose state it would reveal)
    expect(answer.effect.shapes.map((s: any) => s.id)).toEqual([e1]);
    expect(JSON.stringify(answer)).not.toContain(o1);
    const [mine] = await commandsUpTo(tab, answer.seq);
    expect(mine).toMatchObject({ cmd: 'undo', ref: both.id, effect: { shapes: [{ id: e1 }], removed: [] } });
    expect(JSON.stringify(mine)).not.toContain(o1);
    // the owner's effect is whole
    const [theirs] = await commandsUpTo(o, answer.seq);
    expect(theirs.effect.shapes.map((s: any) => s.id).sort()).toEqual([e1, o1].sort());
    // an Editor's own later add reaches its other socket whole
    const e2 = sid('editor');
    const a = await e.call('sendCommand', code, add(editor.actor.uid, rect(e2, editor.actor.uid)));
    const got = await commandsUpTo(tab, a.seq);
    expect(got.at(-1)).toMatchObject({ seq: a.seq, cmd: 'rectangle', shape: { id: e2 } });
  });

  it("catch-up: reconnect and joinBoard with lastSeq send none of the owner's shapes", async () => {
    const { code } = await board();
    await privateMode(code, true);
    const e1 = sid('editor');
    const first = await post(editor, code, add(editor.actor.uid, rect(e1, editor.actor.uid)));
    const o1 = sid('owner');
    await post(owner, code, add(owner.actor.uid, rect(o1, owner.actor.uid)));
    await post(owner, code, move(owner.actor.uid, e1, 9, 9));
    const last = (await post(owner, code, move(owner.actor.uid, o1, 9, 9))).seq;

    const c = await connect(editor);
    const answer = await c.call('reconnect', code, first.seq, {});
    expect(answer.lastSeq).toBe(last);
    const again = await c.waitFor<any>('onReconnected');
    expect(again.restricted).toBe(true);
    expect(JSON.stringify(again)).not.toContain(o1);
    expect(again.commands).toEqual([
      { seq: first.seq + 1, hidden: true },
      expect.objectContaining({ cmd: 'reposition', shapePositions: [{ shape: e1, x: 9, y: 9 }] }),
      { seq: last, hidden: true },
    ]);

    const j = await joined(editor, code, { lastSeq: 0 });
    const caught = await j.waitFor<any>('onReconnected');
    expect(JSON.stringify(caught)).not.toContain(o1);
    expect(caught.commands.map((x: any) => x.seq)).toEqual([first.seq, first.seq + 1, first.seq + 2, last]);
  });

  it('gap fill: a command whose publish was lost is read from the log and filtered per member', async () => {
    const { code, id: boardId } = await board();
    await privateMode(code, true);
    const o = await joined(owner, code);
    const e = await joined(editor, code);
    const lost = sid('owner');
    // appended to the log without a publish (another node's, lost while Redis was down)
    const seq = await insertCommand(p.db, boardId, add(owner.actor.uid, rect(lost, owner.actor.uid)), [lost]);
    const next = await e.call('sendCommand', code, add(editor.actor.uid, rect(sid('editor'), editor.actor.uid)));
    expect(next.seq).toBe(seq + 1);
    const ownerGot = await commandsUpTo(o, next.seq);
    expect(ownerGot.find((c) => c.seq === seq)).toMatchObject({ shape: { id: lost } });
    // the Editor's own command comes back in its answer; the lost one reaches it as a placeholder only
    const editorGot = await e.until(
      () => (e.received<any>('onCommand').some((c) => c.seq === seq) ? e.received<any>('onCommand') : undefined),
      10_000,
    );
    expect(editorGot.find((c) => c.seq === seq)).toEqual({ seq, hidden: true });
    expect(JSON.stringify(e.events)).not.toContain(lost);
  });

  it("private mode off: the Editor receives the owner's shapes again (load, catch-up, live)", async () => {
    const { code } = await board();
    await privateMode(code, true);
    const o1 = sid('owner');
    await post(owner, code, add(owner.actor.uid, rect(o1, owner.actor.uid)));
    const e = await joined(editor, code);
    const o = await joined(owner, code);
    expect((await load(editor, code)).raw).not.toContain(o1);

    await o.call('updateConfig', code, { privateMode: { type: 0 } });
    const config = await e.waitFor<any>('onConfigChanged');
    expect(config.privateMode.type).toBe(0);
    // the client that held a filtered board reloads it (sync-client resync) and gets everything
    const full = await load(editor, code);
    expect(full.body.restricted).toBeUndefined();
    expect(full.body.snapshot?.shapes ?? full.body.commands.map((c: any) => c.shape)).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: o1 })]),
    );
    const since = await load(editor, code, 0);
    expect(since.raw).toContain(o1);

    const c = await connect(editor);
    await c.call('reconnect', code, 0, {});
    const caught = await c.waitFor<any>('onReconnected');
    expect(caught.restricted).toBeUndefined();
    expect(JSON.stringify(caught.commands)).toContain(o1);

    const o2 = sid('owner');
    const live = await o.call('sendCommand', code, add(owner.actor.uid, rect(o2, owner.actor.uid)));
    const got = await commandsUpTo(e, live.seq);
    expect(got.at(-1)).toMatchObject({ cmd: 'rectangle', shape: { id: o2 } });
  });

  it('a role change moves the line: an Editor made Facilitator receives everything, a Facilitator made Editor no longer', async () => {
    const { code, members } = await board();
    await privateMode(code, true);
    const o = await joined(owner, code);
    const e = await joined(editor, code);
    const f = await joined(facilitator, code);
    await changeMemberRole(p.server.app, code, owner.actor, members.editor, 'Facilitator');
    await changeMemberRole(p.server.app, code, owner.actor, members.facilitator, 'Editor');
    await e.waitFor<any>('onRoleChanged', (d) => d.role === 'Facilitator');
    await f.waitFor<any>('onRoleChanged', (d) => d.role === 'Editor');
    const o1 = sid('owner');
    const a = await o.call('sendCommand', code, add(owner.actor.uid, rect(o1, owner.actor.uid)));
    expect((await commandsUpTo(e, a.seq)).at(-1)).toMatchObject({ seq: a.seq, shape: { id: o1 } });
    expect((await commandsUpTo(f, a.seq)).at(-1)).toEqual({ seq: a.seq, hidden: true });
    expect((await load(editor, code)).raw).toContain(o1);
    expect((await load(facilitator, code)).raw).not.toContain(o1);
  });

  it("the SDK's client: the Editor's board holds only its shapes, placeholders fill their seqs, and private mode off reloads the owner's", async () => {
    const { code } = await board();
    await privateMode(code, true);
    const o1 = sid('owner');
    const e1 = sid('editor');
    await post(owner, code, add(owner.actor.uid, rect(o1, owner.actor.uid)));
    await post(editor, code, add(editor.actor.uid, rect(e1, editor.actor.uid)));
    const o = await joined(owner, code);
    const perms = { role: 'Editor', permissions: ['edit_board', 'write_comment'], policies: new Set<string>() };
    const ed = new Editor({
      container: undefined as unknown as HTMLElement,
      uid: editor.actor.uid,
      headless: true,
      permissions: () => perms,
    });
    const sync = new SyncClient({
      server: p.url,
      boardCode: code,
      uid: editor.actor.uid,
      token: () => editor.token!,
      target: ed,
      storage: null,
    });
    const at = (seq: number) =>
      o.until(() => (sync.phase === 'online' && sync.lastSeq >= seq ? true : undefined), 10_000, `editor at seq ${seq}`);
    try {
      await sync.connect();
      await at(2);
      expect(ed.doc.ordered().map((s) => s.id)).toEqual([e1]);
      // the owner's live commands reach the client as placeholders: its seq advances, nothing is fetched again
      const o2 = sid('owner');
      await o.call('sendCommand', code, add(owner.actor.uid, rect(o2, owner.actor.uid)));
      const moved = await o.call('sendCommand', code, move(owner.actor.uid, e1, 5, 5));
      await at(moved.seq);
      expect(ed.doc.ordered().map((s) => s.id)).toEqual([e1]);
      expect(ed.doc.get(e1)).toMatchObject({ x: 5, y: 5 });
      // private mode off: the client reloads and holds the owner's shapes too
      await o.call('updateConfig', code, { privateMode: { type: 0 } });
      await o.until(() => (ed.doc.has(o1) && ed.doc.has(o2) ? true : undefined), 10_000, "the owner's shapes on the Editor's board");
      expect(
        ed.doc
          .ordered()
          .map((s) => s.id)
          .sort(),
      ).toEqual([o1, o2, e1].sort());
    } finally {
      await sync.destroy();
    }
  });
});
