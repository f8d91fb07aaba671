import { MESSAGES } from '../../shared/messages';
import { notificationsApi, type PushParameters } from './api';

/**
 * The browser side of desktop notifications (panel.md §4): ask permission, register the service
 * worker (/sw.js, scope /), subscribe with the server's VAPID key. Answers the subscription, or
 * throws an Error with the spec's text: 'Permission rejected by user.' or 'Your broswer does not
 * support notifications.'
 */
export const supportsPush = (): boolean =>
  typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;

const toKey = (base64url: string): Uint8Array<ArrayBuffer> => {
  const b64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
};

const b64url = (buffer: ArrayBuffer | null): string => {
  if (!buffer) return '';
  let text = '';
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

export async function subscribeToPush(): Promise<PushParameters> {
  if (!supportsPush()) throw new Error(MESSAGES.notificationsUnsupported);
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(MESSAGES.notificationsRejected);
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  const { publicKey } = await notificationsApi.publicKey();
  let existing = await registration.pushManager.getSubscription();
  // a subscription made with another server key (keys rotated) cannot receive our messages
  if (existing && b64url(existing.options.applicationServerKey) !== publicKey.replace(/=+$/, '')) {
    await existing.unsubscribe().catch(() => false);
    existing = null;
  }
  const subscription =
    existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: toKey(publicKey) }));
  return { endpoint: subscription.endpoint, p256dh: b64url(subscription.getKey('p256dh')), auth: b64url(subscription.getKey('auth')) };
}
