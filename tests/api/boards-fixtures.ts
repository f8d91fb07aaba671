import crypto from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { accessTokenFor } from '../../platform/accounts/tokens';
import type { Actor } from '../../platform/core/actor';
import { guestKey } from '../../platform/core/identity';
import type { BoardMessage } from '../../platform/realtime/bus';
import { insertUser, updateUser, type UserRow } from '../../platform/users/repo';
import type { Command, Shape } from '../../shared/model';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';

/**
 * Board test fixtures: a platform per describe block (`boardsSuite`), signed-in users (a real
 * users row and a real signed access token) and guests (a roaming uid), requests made as either,
 * and command builders.
 */
export interface Who {
  actor: Actor;
  /** a guest's secret roaming uid (sent as Uid); `actor.uid` is its key (core/identity) */
  secret?: string;
  /** a signed-in user's row */
  user?: UserRow;
  token?: string;
}

export interface UserOptions {
  plan?: string;
  name?: string;
}

export async function signedIn(p: TestPlatform, opts: UserOptions = {}): Promise<Who> {
  let user = await insertUser(p.db, {
    username: `u${crypto.randomBytes(5).toString('hex')}@example.com`,
    passwordHash: null,
    displayName: opts.name ?? 'Ann',
  });
  if (opts.plan) user = await updateUser(p.db, user.id, { plan: opts.plan });
  const token = accessTokenFor(p.config, user);
  return {
    user,
    token,
    actor: { userId: user.id, uid: user.id, claims: { sub: user.id, id: user.id, role: [], plan: user.plan, lang: 'en', qty: 1 } },
  };
}

/** A guest: a secret roaming uid, known on boards by its key. */
export function guest(secret = crypto.randomBytes(16).toString('hex')): Who {
  return { secret, actor: { userId: null, uid: guestKey(secret), claims: null } };
}

/** What a request carries as Uid for `who`: a guest's secret, or a user's id (ignored next to a token). */
export const uidOf = (who: Who): string => who.secret ?? who.actor.uid;

/** A message the platform published on its bus, with the board code it went to. */
export interface Published {
  code: string;
  message: BoardMessage;
}

export interface BoardsSuite {
  /** the platform, started on a fresh database before the block's first test */
  p: TestPlatform;
  /** every bus message since the start, in order */
  published: Published[];
  app(): TestPlatform['server']['app'];
  /** the messages of `event` published for board `code`, in order */
  events(code: string, event: string): BoardMessage[];
}

/**
 * Registers, in the calling describe block, a beforeAll that starts a platform, signs in the
 * named users (in the order given) and records the bus, and an afterAll that stops the platform.
 * The returned context is filled in by the beforeAll: read its fields inside tests only.
 *   const s = boardsSuite({ ann: { name: 'Ann' } });  …  call(s.p, s.ann, 'GET', …)
 */
export function boardsSuite<U extends string>(
  users: Record<U, UserOptions> & { [K in keyof BoardsSuite]?: never },
): BoardsSuite & Record<U, Who> {
  const published: Published[] = [];
  const suite = {
    published,
    app: () => suite.p.server.app,
    events: (code: string, event: string) => published.filter((e) => e.code === code && e.message.event === event).map((e) => e.message),
  } as BoardsSuite & Record<U, Who>;
  beforeAll(async () => {
    suite.p = await startTestPlatform();
    for (const [name, opts] of Object.entries<UserOptions>(users)) (suite as Record<string, unknown>)[name] = await signedIn(suite.p, opts);
    suite.p.server.app.bus.subscribe((code, message) => published.push({ code, message }));
  });
  afterAll(() => suite.p.stop());
  return suite;
}

/** An HTTP call as `who`: bearer token for users; `Uid` (query for GET, body otherwise) for guests. */
export async function call(p: TestPlatform, who: Who | null, method: string, url: string, payload?: object) {
  const headers: Record<string, string> = {};
  if (who?.token) headers.authorization = `Bearer ${who.token}`;
  let target = url;
  let body: object | undefined = payload;
  if (who && !who.token) {
    if (method === 'GET') target += `${url.includes('?') ? '&' : '?'}Uid=${encodeURIComponent(uidOf(who))}`;
    else body = { ...(payload ?? {}), Uid: uidOf(who) };
  }
  const res = await p.server.inject({ method, url: target, headers, payload: body });
  return { status: res.statusCode, body: res.payload ? safeJson(res.payload) : null, headers: res.headers, raw: res.payload };
}

function safeJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function newBoard(p: TestPlatform, who: Who, payload: object = {}): Promise<{ code: string; id: string }> {
  const res = await call(p, who, 'POST', '/api/boards', payload);
  if (res.status !== 200) throw new Error(`board not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

let n = 0;
export const cid = () => `c-${Date.now().toString(36)}-${++n}-${crypto.randomBytes(3).toString('hex')}`;

export function rect(id: string, uid: string, x = 0, y = 0): Shape {
  return { id, cmd: 'rectangle', uid, timestamp: Date.now(), x, y, w: 10, h: 10, stroke: '#000000', lineWidth: 2 } as Shape;
}

export const add = (uid: string, shape: Shape, id = cid()): Command =>
  ({ id, uid, status: 'normal', timestamp: Date.now(), cmd: shape.cmd, shape }) as Command;
export const move = (uid: string, shape: string, x: number, y: number, id = cid()): Command =>
  ({ id, uid, status: 'normal', timestamp: Date.now(), cmd: 'reposition', shapePositions: [{ shape, x, y }] }) as Command;
export const remove = (uid: string, shapes: string[], id = cid()): Command =>
  ({ id, uid, status: 'normal', timestamp: Date.now(), cmd: 'remove', shapes }) as Command;
export const undo = (uid: string, ref: string, redo = false, id = cid()): Command =>
  ({ id, uid, status: 'normal', timestamp: Date.now(), cmd: 'undo', ref, ...(redo ? { type: 'redo' } : {}) }) as Command;
export const clear = (uid: string, id = cid()): Command => ({ id, uid, status: 'normal', timestamp: Date.now(), cmd: 'clear' }) as Command;

/** POST a command over HTTP as `who`. */
export const send = (p: TestPlatform, who: Who, code: string, command: Command, extra: object = {}) =>
  call(p, who, 'POST', `/api/boards/${code}/commands`, { boardCommand: JSON.stringify(command), ...extra });
