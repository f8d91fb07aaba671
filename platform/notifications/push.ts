import dns from 'node:dns/promises';
import net from 'node:net';
import webpush from 'web-push';
import type { AppContext } from '../core/context';
import { isPrivateAddress } from '../core/outbound';
import { deletePushSubscription, pushSubscriptionsOf, type PushSubscriptionRow } from './repo';

/**
 * Desktop notifications over the Web Push protocol (RFC 8030, payload encrypted per RFC 8291
 * aes128gcm, VAPID RFC 8292) with the `web-push` package. The endpoint is an address a browser
 * gave, so it is an outbound request on a user's behalf (docs/security.md "Outbound requests"):
 * https only and public addresses only, unless FETCH_PRIVATE_HOSTS allows private ones (tests,
 * closed networks). A 404/410 answer means the browser dropped the subscription: it is forgotten.
 */
export interface PushMessage {
  title: string;
  body: string;
  /** the path opened when the notification is clicked */
  url?: string;
  id?: string;
}

type App = Pick<AppContext, 'config' | 'db' | 'logger'>;

const inFlight = new WeakMap<object, Set<Promise<unknown>>>();

/** Whether the server may POST to this endpoint (checked when registered and again before each send). */
export async function endpointAllowed(endpoint: string, allowPrivate: boolean): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return false;
  if (url.username || url.password) return false;
  if (allowPrivate) return true;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host) ? [host] : (await dns.lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  return addresses.length > 0 && !addresses.some(isPrivateAddress);
}

async function sendOne(app: App, sub: PushSubscriptionRow, message: PushMessage): Promise<void> {
  if (!(await endpointAllowed(sub.endpoint, app.config.fetchPrivateHosts))) {
    app.logger.warn({ subscriptionId: sub.id }, 'push endpoint refused (not a public https address)');
    return;
  }
  try {
    // web-push encrypts (RFC 8291) and signs (VAPID); the POST itself goes through fetch (http or https, time-limited)
    const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(message), {
      vapidDetails: app.config.vapid,
      TTL: 24 * 3600,
      contentEncoding: 'aes128gcm',
    });
    const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
    const res = await fetch(details.endpoint, { method: 'POST', headers, body: details.body ? new Uint8Array(details.body) : undefined, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer().catch(() => undefined);
    if (res.status === 404 || res.status === 410) {
      await deletePushSubscription(app.db, sub.user_id, { id: sub.id });
      app.logger.info({ subscriptionId: sub.id, status: res.status }, 'push subscription expired: removed');
    } else if (res.status < 200 || res.status >= 300) {
      app.logger.warn({ subscriptionId: sub.id, status: res.status }, 'push service refused the message');
    }
  } catch (err) {
    app.logger.warn({ err, subscriptionId: sub.id }, 'push delivery failed');
  }
}

/** Sends `message` to every browser of the user, in the background (the caller never waits). */
export function pushLater(app: App, userId: string, message: PushMessage): void {
  let pending = inFlight.get(app);
  if (!pending) inFlight.set(app, (pending = new Set()));
  const job: Promise<unknown> = pushSubscriptionsOf(app.db, userId)
    .then((subs) => Promise.all(subs.map((s) => sendOne(app, s, message))))
    .catch((err) => app.logger.error({ err, userId }, 'push failed'))
    .finally(() => pending.delete(job));
  pending.add(job);
}

/** Waits for pushes still being sent (server stop, tests). */
export async function drainPush(app: App): Promise<void> {
  const pending = inFlight.get(app);
  while (pending && pending.size > 0) await Promise.allSettled([...pending]);
}
