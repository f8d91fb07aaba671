import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../platform/db/index';
import { migrationSource } from '../../platform/db/migrations/index';
import { freshDatabase } from '../helpers/database';
import { testDbKind } from '../helpers/platform';

/**
 * Migration 019 (issue 26 item 6, docs/security.md "Link schemes"): runs the migrations up to 018
 * on an empty database, stores commands and snapshots whose shapes carry links of every kind, then
 * migrates to the latest: unsafe links are dropped (a propertyModifier's becomes null), safe ones
 * are kept (trimmed when only whitespace was wrong), and nothing else changes.
 */
describe('migration 019 on stored links', () => {
  let db: Db;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const fresh = testDbKind() === 'pg' ? await freshDatabase('tabula_t', { migrated: false }) : null;
    drop = fresh?.drop;
    db = openDb(fresh ? { databaseUrl: fresh.url } : {});
  });
  afterAll(async () => {
    await db?.destroy().catch(() => undefined);
    await drop?.();
  });

  const shape = (id: string, extra: object = {}) => ({
    id,
    cmd: 'rectangle',
    uid: 'u1',
    timestamp: 1,
    x: 0,
    y: 0,
    w: 10,
    h: 10,
    stroke: '#000000',
    lineWidth: 1,
    ...extra,
  });
  const cmd = (id: string, extra: object): Record<string, any> => ({ id, uid: 'u1', status: 'normal', timestamp: 1, ...extra });

  it('drops unsafe links from commands and snapshots, keeps the safe ones', async () => {
    for (;;) {
      const [, log] = (await db.migrate.up({ migrationSource })) as [number, string[]];
      expect(log).toHaveLength(1);
      expect(log[0]).not.toBe('019_safe_links');
      if (log[0] === '018_announcements') break;
    }
    const [board] = await db('boards')
      .insert({ code: 'linksboard01', owner_uid: 'g_' + 'a'.repeat(32), last_seq: 6, snapshot_seq: 6 })
      .returning('id');
    const metadata = { link: 'javascript:kept-in-metadata' };
    const payloads = [
      cmd('c1', { cmd: 'rectangle', shape: shape('s1', { link: 'javascript:alert(1)', metadata }) }),
      cmd('c2', { cmd: 'rectangle', shape: shape('s2', { link: 'https://example.com/ok' }) }),
      cmd('c3', {
        cmd: 'composite',
        shape: {
          id: 'g',
          cmd: 'composite',
          uid: 'u1',
          timestamp: 1,
          shapes: [shape('s3', { link: 'DATA:text/html,x' }), shape('s4', { link: ' https://example.com/trim ' })],
        },
      }),
      cmd('c4', {
        cmd: 'commandSet',
        commands: [
          cmd('c4a', {
            cmd: 'propertyModifier',
            shapes: ['s2'],
            props: [
              { name: 'link', value: 'java\tscript:x' },
              { name: 'opacity', value: 5 },
            ],
          }),
          cmd('c4b', { cmd: 'propertyModifier', shapes: ['s2'], props: [{ name: 'link', value: 'mailto:ann@example.com' }] }),
        ],
      }),
      cmd('c5', { cmd: 'undo', ref: 'c1', effect: { shapes: [shape('s1', { link: 'vbscript:x' })], removed: [] } }),
      cmd('c6', { cmd: 'replace', shape: shape('s5', { link: '/relative' }) }),
      cmd('c7', { cmd: 'rectangle', shape: shape('s6', { link: '' }) }),
    ];
    await db('commands').insert(
      payloads.map((p, i) => ({
        board_id: board.id,
        seq: i + 1,
        client_id: p.id,
        uid: 'u1',
        kind: p.cmd,
        payload: JSON.stringify(p),
        shape_ids: [],
      })),
    );
    await db('snapshots').insert({
      board_id: board.id,
      seq: 6,
      state: JSON.stringify({
        seq: 6,
        shapes: [shape('s1', { link: 'javascript:alert(1)' }), shape('s2', { link: 'https://example.com/ok' })],
        z: [1, 2],
        undo: { commands: [payloads[0], payloads[1]] },
      }),
    });

    await db.migrate.latest({ migrationSource });

    const stored = (await db('commands').where({ board_id: board.id }).orderBy('seq')).map((r) => r.payload);
    const noLink = <T extends object>(s: T) => Object.fromEntries(Object.entries(s).filter(([k]) => k !== 'link'));
    expect(stored[0]).toEqual({ ...payloads[0], shape: noLink(shape('s1', { metadata })) });
    expect(stored[1]).toEqual(payloads[1]);
    expect(stored[2].shape.shapes).toEqual([shape('s3'), shape('s4', { link: 'https://example.com/trim' })]);
    expect(stored[3].commands[0].props).toEqual([
      { name: 'link', value: null },
      { name: 'opacity', value: 5 },
    ]);
    expect(stored[3].commands[1]).toEqual(payloads[3].commands[1]);
    expect(stored[4].effect).toEqual({ shapes: [shape('s1')], removed: [] });
    expect(stored[5].shape).toEqual(shape('s5'));
    expect(stored[6]).toEqual(payloads[6]);

    const snapshot = (await db('snapshots').where({ board_id: board.id }).first()).state;
    expect(snapshot).toEqual({
      seq: 6,
      shapes: [shape('s1'), shape('s2', { link: 'https://example.com/ok' })],
      z: [1, 2],
      undo: { commands: [{ ...payloads[0], shape: shape('s1', { metadata }) }, payloads[1]] },
    });
  });
});
