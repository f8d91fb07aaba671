import webpush from 'web-push';
import type { AppContext } from '../core/context';
import { OutboundError, outboundAllowed, requestOutbound } from '../core/outbound';
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

/** Whether the server may POST to this endpoint (checked when registered and again by the request itself). */
export async function endpointAllowed(endpoint: string, allowPrivate: boolean): Promise<boolean> {
  return outboundAllowed(endpoint, { allowPrivate, allowHttp: allowPrivate });
}

async function sendOne(app: App, sub: PushSubscriptionRow, message: PushMessage): Promise<void> {
  try {
    // web-push encrypts (RFC 8291) and signs (VAPID); the POST itself is an outbound request
    // (platform/core/outbound.ts: resolved once, checked, connected to the checked address, no redirects)
    const details = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(message),
      {
        vapidDetails: app.config.vapid,
        TTL: 24 * 3600,
        contentEncoding: 'aes128gcm',
      },
    );
    const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
    let res;
    try {
      res = await requestOutbound(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body ? new Uint8Array(details.body) : undefined,
        allowPrivate: app.config.fetchPrivateHosts,
        allowHttp: app.config.fetchPrivateHosts,
        maxBytes: 64 * 1024,
        timeoutMs: 10_000,
      });
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      app.logger.warn({ subscriptionId: sub.id, reason: err.message }, 'push endpoint refused or unreachable');
      return;
    }
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
