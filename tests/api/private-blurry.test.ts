/**
 * The blurry variant of private mode (board.md §4; docs/security.md "Private mode"): a member it
 * restricts (neither Owner nor Facilitator) also receives the others' texts and sticky notes, but
 * blurred — every field except the words (emptied, `blurred: true`) — in the join payload
 * (snapshot + tail), catch-up and live events; the others' other shapes stay hidden; Owner and
 * Facilitator receive everything; blurry off hides them again. Real sockets, real database.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { refreshSnapshot } from '../../platform/boards/snapshots';
import { Editor } from '../../sdk/editor/editor';
import { SyncClient } from '../../sdk/sync/sync-client';
import type { Command, Shape } from '../../shared/model';
import { privateModeSuite } from './private-mode-fixtures';
import type { TestPlatform } from '../helpers/platform';
import { add, cid, guest, rect, undo, type Who } from './boards-fixtures';

let p: TestPlatform;
let owner: Who;
let editor: Who;
let facilitator: Who;
const { board, privateMode, post, load, connect, joined, commandsUpTo } = privateModeSuite((c) => ({ p, owner, editor, facilitator } = c));
const mode = (code: string, type: 0 | 1, blurry: boolean) => privateMode(code, type === 1, blurry);

/** Words and ids that cannot appear by chance in a payload. */
const secret = (what: string) => `${what}-${crypto.randomBytes(6).toString('hex')}`;
const cmd = (uid: string, fields: object): Command => ({ id: cid(), uid, status: 'normal', timestamp: Date.now(), ...fields }) as Command;
const text = (id: string, uid: string, value: string): Shape =>
  ({
    id,
    uid,
    cmd: 'text',
    timestamp: Date.now(),
    value,
    x: 10,
    y: 20,
    color: '#000000',
    font: 'Arial',
    size: 24,
    align: 'left',
    tags: [{ key: value }],
  }) as Shape;
const note = (id: string, uid: string, words: string): Shape =>
  ({
    id,
    uid,
    cmd: 'stickyNote',
    timestamp: Date.now(),
    text: words,
    x: 100,
    y: 100,
    w: 200,
    h: 200,
    color: '#ffeb3b',
    size: 'M',
    fontSize: 20,
  }) as Shape;

describe('private mode, blurry variant: what an Editor is sent', () => {
  it("join payload and catch-up carry the owner's text and note blurred (no words), other kinds hidden; Owner and Facilitator get everything; blurry off hides them", async () => {
    const { code, id: boardId } = await board();
    const [t1, n1, r1] = [secret('text'), secret('note'), secret('rect')];
    const [w1, w2, w3, w4] = [secret('plan'), secret('memo'), secret('edit'), secret('prop')];
    await post(owner, code, add(owner.actor.uid, text(t1, owner.actor.uid, w1)));
    await post(owner, code, add(owner.actor.uid, rect(r1, owner.actor.uid)));
    await mode(code, 1, true);
    await refreshSnapshot(p.db, boardId); // the snapshot holds t1 and r1
    await post(owner, code, add(owner.actor.uid, note(n1, owner.actor.uid, w2)));
    await post(owner, code, cmd(owner.actor.uid, { cmd: 'textModifier', shape: n1, value: w3 }));
    await post(
      owner,
      code,
      cmd(owner.actor.uid, {
        cmd: 'reposition',
        shapePositions: [
          { shape: n1, x: 5, y: 6 },
          { shape: r1, x: 1, y: 1 },
        ],
      }),
    );
    await post(
      owner,
      code,
      cmd(owner.actor.uid, {
        cmd: 'propertyModifier',
        shapes: [t1],
        props: [
          { name: 'value', value: w4 },
          { name: 'opacity', value: 5 },
        ],
      }),
    );
    const replaced = { ...(note(n1, owner.actor.uid, w4) as object), x: 300 } as Shape;
    await post(
      owner,
      code,
      cmd(owner.actor.uid, {
        cmd: 'commandSet',
        commands: [
          cmd(owner.actor.uid, { cmd: 'replace', shape: replaced }),
          cmd(owner.actor.uid, { cmd: 'colorModifier', shapes: [t1, r1], color: '#ff0000' }),
        ],
      }),
    );

    const seen = await load(editor, code);
    for (const words of [w1, w2, w3, w4]) expect(seen.raw).not.toContain(words);
    expect(seen.raw).not.toContain(r1);
    expect(seen.body).toMatchObject({ restricted: true, blurry: true });
    expect(seen.body.snapshot.shapes).toEqual([
      {
        id: t1,
        cmd: 'text',
        uid: owner.actor.uid,
        timestamp: expect.any(Number),
        x: 10,
        y: 20,
        color: '#000000',
        font: 'Arial',
        size: 24,
        align: 'left',
        value: '',
        blurred: true,
      },
    ]);
    const [addNote, edit, moveBoth, props, set] = seen.body.commands;
    expect(addNote).toMatchObject({
      cmd: 'stickyNote',
      shape: { id: n1, text: '', blurred: true, x: 100, y: 100, w: 200, h: 200, color: '#ffeb3b' },
    });
    expect(edit).toMatchObject({ cmd: 'textModifier', shape: n1, value: '' });
    expect(moveBoth.shapePositions).toEqual([{ shape: n1, x: 5, y: 6 }]);
    expect(props).toMatchObject({ cmd: 'propertyModifier', shapes: [t1], props: [{ name: 'opacity', value: 5 }] });
    expect(props.props).toHaveLength(1);
    expect(set.commands).toEqual([
      expect.objectContaining({ cmd: 'replace', shape: expect.objectContaining({ id: n1, x: 300, text: '', blurred: true }) }),
      expect.objectContaining({ cmd: 'colorModifier', shapes: [t1] }),
    ]);

    const caughtUp = await load(editor, code, 0);
    for (const words of [w1, w2, w3, w4]) expect(caughtUp.raw).not.toContain(words);
    expect(caughtUp.raw).not.toContain(r1);
    expect(caughtUp.body.commands[0]).toMatchObject({ cmd: 'text', shape: { id: t1, value: '', blurred: true } });
    expect(caughtUp.body.commands[0].shape.tags).toBeUndefined();

    for (const who of [owner, facilitator]) {
      const all = await load(who, code);
      expect(all.body.restricted).toBeUndefined();
      for (const s of [r1, w1, w2, w3, w4]) expect(all.raw).toContain(s);
      expect(all.raw).not.toContain('"blurred"');
    }

    // blurry off (private mode still on): the owner's texts and notes are hidden again
    await mode(code, 1, false);
    const hidden = await load(editor, code);
    for (const s of [t1, n1, r1]) expect(hidden.raw).not.toContain(s);
    expect(hidden.body.blurry).toBeUndefined();
  });

  it('live events and reconnect: blurred adds, edits with no words, undo effects blurred; other kinds placeholders; the owner gets all', async () => {
    const { code } = await board();
    await mode(code, 1, true);
    const o = await joined(owner, code);
    const e = await joined(editor, code);
    const f = await joined(facilitator, code);
    const [n1, r1] = [secret('note'), secret('rect')];
    const [w1, w2] = [secret('secret plan'), secret('later')];
    const noteAdd = add(owner.actor.uid, note(n1, owner.actor.uid, w1));
    const a1 = await o.call('sendCommand', code, noteAdd);
    const a2 = await o.call('sendCommand', code, add(owner.actor.uid, rect(r1, owner.actor.uid)));
    const edit = cmd(owner.actor.uid, { cmd: 'textModifier', shape: n1, value: w2 });
    const a3 = await o.call('sendCommand', code, edit);
    const a4 = await o.call('sendCommand', code, cmd(owner.actor.uid, { cmd: 'sizeModifier', shapes: [n1], w: 250, h: 250 }));
    const a5 = await o.call('sendCommand', code, undo(owner.actor.uid, edit.id));
    const a6 = await o.call('sendCommand', code, undo(owner.actor.uid, noteAdd.id));

    const got = await commandsUpTo(e, a6.seq);
    const wire = JSON.stringify(e.events);
    for (const s of [w1, w2, r1]) expect(wire).not.toContain(s);
    expect(got.map((c) => c.seq)).toEqual([a1.seq, a2.seq, a3.seq, a4.seq, a5.seq, a6.seq]);
    expect(got[0]).toMatchObject({ cmd: 'stickyNote', shape: { id: n1, text: '', blurred: true } });
    expect(got[1]).toEqual({ seq: a2.seq, hidden: true });
    expect(got[2]).toMatchObject({ cmd: 'textModifier', shape: n1, value: '' });
    expect(got[3]).toMatchObject({ cmd: 'sizeModifier', shapes: [n1], w: 250 });
    expect(got[4]).toMatchObject({ cmd: 'undo', effect: { shapes: [{ id: n1, text: '', blurred: true, w: 250 }] } });
    expect(got[5]).toMatchObject({ cmd: 'undo', effect: { shapes: [], removed: [n1] } });

    // reconnect catch-up: the same, marked blurry
    const c = await connect(editor);
    await c.call('reconnect', code, 0, {});
    const caught = await c.waitFor<any>('onReconnected');
    expect(caught).toMatchObject({ restricted: true, blurry: true });
    const caughtWire = JSON.stringify(caught);
    for (const s of [w1, w2, r1]) expect(caughtWire).not.toContain(s);
    expect(caughtWire).toContain(n1);

    // Owner and Facilitator receive the words
    const facGot = JSON.stringify(await commandsUpTo(f, a6.seq));
    expect(facGot).toContain(w2);
    expect(facGot).toContain(r1);
    expect(JSON.stringify(o.events)).not.toContain('"blurred"');

    // one restricted member's note reaches another restricted member (a guest by link) blurred, its edits without words
    const rover = guest();
    const g = await joined(rover, code);
    const [n2, w3, w4] = [secret('note'), secret('mine'), secret('mine again')];
    const b1 = await e.call('sendCommand', code, add(editor.actor.uid, note(n2, editor.actor.uid, w3)));
    const b2 = await e.call('sendCommand', code, cmd(editor.actor.uid, { cmd: 'textModifier', shape: n2, value: w4 }));
    const b3 = await e.call('sendCommand', code, cmd(editor.actor.uid, { cmd: 'reposition', shapePositions: [{ shape: n2, x: 8, y: 8 }] }));
    const roverGot = (await commandsUpTo(g, b3.seq)).filter((x) => x.seq >= b1.seq);
    expect(JSON.stringify(g.events)).not.toContain(w3);
    expect(JSON.stringify(g.events)).not.toContain(w4);
    expect(roverGot).toEqual([
      expect.objectContaining({ seq: b1.seq, shape: expect.objectContaining({ id: n2, text: '', blurred: true }) }),
      expect.objectContaining({ seq: b2.seq, cmd: 'textModifier', shape: n2, value: '' }),
      expect.objectContaining({ seq: b3.seq, cmd: 'reposition', shapePositions: [{ shape: n2, x: 8, y: 8 }] }),
    ]);
    // the owner reads the Editor's words
    expect(JSON.stringify(await commandsUpTo(o, b2.seq))).toContain(w4);
  });

  it("the SDK's client: blur on reloads the Editor's board with the owner's note blurred, blur off hides it again", async () => {
    const { code } = await board();
    await mode(code, 1, false);
    const [n1, r1, w1] = [secret('note'), secret('rect'), secret('words')];
    await post(owner, code, add(owner.actor.uid, note(n1, owner.actor.uid, w1)));
    await post(owner, code, add(owner.actor.uid, rect(r1, owner.actor.uid)));
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
    const until = (what: string, ok: () => boolean) => o.until(() => (ok() ? true : undefined), 10_000, what);
    try {
      await sync.connect();
      await until('online', () => sync.phase === 'online');
      expect(ed.doc.has(n1)).toBe(false);
      await o.call('updateConfig', code, { privateMode: { type: 1, blurry: true } });
      await until('the blurred note', () => ed.doc.get(n1)?.blurred === true);
      expect(ed.doc.get(n1)).toMatchObject({ cmd: 'stickyNote', text: '', blurred: true });
      expect(ed.doc.has(r1)).toBe(false);
      // the owner's live edit reaches the blurred note without words
      const edit = await o.call('sendCommand', code, cmd(owner.actor.uid, { cmd: 'sizeModifier', shapes: [n1], w: 320, h: 320 }));
      await until('the resized note', () => sync.lastSeq >= edit.seq && (ed.doc.get(n1) as { w?: number } | undefined)?.w === 320);
      await o.call('updateConfig', code, { privateMode: { type: 1, blurry: false } });
      await until('the note gone', () => !ed.doc.has(n1));
      expect(JSON.stringify(ed.doc.ordered())).not.toContain(w1);
    } finally {
      await sync.destroy();
    }
  });
});
