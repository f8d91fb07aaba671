/**
 * Desktop notifications end to end over the Web Push protocol: a browser-like subscription made
 * at a local push service (tests/helpers/push-service.ts) is registered through POST
 * /api/users/notifications; a comment mention then reaches the push service, which verifies the
 * VAPID token and decrypts the message per RFC 8291 with the subscription's private key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addComment } from '../../platform/comments/service';
import { drainPush } from '../../platform/notifications/push';
import { notify } from '../../platform/notifications/service';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { startPushService, type TestPushService } from '../helpers/push-service';
import { call, newBoard, signedIn, type Who } from './boards-fixtures';

let p: TestPlatform;
let push: TestPushService;
beforeAll(async () => {
  push = await startPushService();
  // the local push service listens on 127.0.0.1: private addresses allowed here
  p = await startTestPlatform({ fetchPrivateHosts: true, publicUrl: 'https://tabula.test' });
});
afterAll(async () => {
  await p?.stop();
  await push?.stop();
});

const app = () => p.server.app;

async function desktopOn(who: Who, type = 'comment-mention') {
  const sub = push.subscribe();
  const res = await call(p, who, 'POST', '/api/users/notifications', { type, channel: 'Desktop', active: true, parameters: sub });
  expect(res.status).toBe(200);
  expect(res.body.find((x: { type: string }) => x.type === type).channels).toEqual([
    { channel: 'Email', active: true },
    { channel: 'Desktop', active: true },
  ]);
  return sub;
}

describe('Web Push', () => {
  it('delivers a mention, encrypted for the subscription and signed with the VAPID key', async () => {
    const ann = await signedIn(p, { name: 'Ann Author' });
    const bob = await signedIn(p, { name: 'Bob Reader' });
    const sub = await desktopOn(bob);
    const { code } = await newBoard(p, ann, { name: 'Plans' });
    expect((await call(p, ann, 'POST', `/api/boards/${code}/members`, { email: bob.user!.username, memberRole: 'Commenter' })).status).toBe(
      200,
    );
    await addComment(app(), code, ann.actor, 'What do you think, @Bob Reader?');
    const got = await push.waitFor((m) => m.endpoint === sub.endpoint);
    expect(got.payload).toMatchObject({
      title: 'Tabula',
      body: 'Ann Author mentioned you in a comment on "Plans": What do you think, @Bob Reader?',
      url: `/board/${code}`,
      id: expect.any(String),
    });
    expect(got.vapidKey).toBe(p.config.vapid.publicKey);
    expect(got.claims.aud).toBe(push.url);
    expect(got.claims.sub).toMatch(/^(mailto:|https:)/);
    expect(push.failures).toEqual([]);
    // the same item is in the feed
    const feed = await call(p, bob, 'GET', '/api/users/notifications/feed');
    expect(feed.body.data[0].id).toBe(got.payload.id);
  });

  it('sends nothing while Desktop is off for the type', async () => {
    const bob = await signedIn(p);
    const sub = await desktopOn(bob, 'subscription');
    expect(
      (await call(p, bob, 'POST', '/api/users/notifications', { type: 'subscription', channel: 'Desktop', active: false })).status,
    ).toBe(200);
    await notify(app(), bob.user!.id, 'subscription', { message: 'quiet' });
    await notify(app(), bob.user!.id, 'workspace-invitation', { message: 'also quiet (Desktop off by default)' });
    await drainPush(app());
    expect(push.received.filter((m) => m.endpoint === sub.endpoint)).toEqual([]);
    expect((await call(p, bob, 'GET', '/api/users/notifications/feed')).body.totalCount).toBe(2);
  });

  it('reaches every browser of the user, and forgets one the push service says is gone', async () => {
    const bob = await signedIn(p);
    const first = await desktopOn(bob, 'subscription');
    const second = await desktopOn(bob, 'subscription');
    push.drop(first.endpoint);
    await notify(app(), bob.user!.id, 'subscription', { message: 'to both' });
    await push.waitFor((m) => m.endpoint === second.endpoint && m.payload.body === 'to both');
    await drainPush(app());
    const left = await p.db('push_subscriptions').where({ user_id: bob.user!.id }).select('endpoint');
    expect(left.map((r) => r.endpoint)).toEqual([second.endpoint]);
  });

  it('a browser registered by another account moves to that account', async () => {
    const ann = await signedIn(p);
    const bob = await signedIn(p);
    const sub = await desktopOn(ann, 'subscription');
    expect(
      (await call(p, bob, 'POST', '/api/users/notifications', { type: 'subscription', channel: 'Desktop', active: true, parameters: sub }))
        .status,
    ).toBe(200);
    await notify(app(), ann.user!.id, 'subscription', { message: 'for ann only' });
    await notify(app(), bob.user!.id, 'subscription', { message: 'for bob' });
    await push.waitFor((m) => m.endpoint === sub.endpoint && m.payload.body === 'for bob');
    await drainPush(app());
    expect(push.received.filter((m) => m.payload.body === 'for ann only')).toEqual([]);
  });
});
