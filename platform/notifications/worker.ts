/**
 * The service worker (served at /sw.js, scope /): shows each Web Push message with
 * showNotification and, on click, focuses a tab of this site already at the message's path or
 * opens one. The payload is the JSON of push.ts PushMessage { title, body, url, id }.
 */
export const SERVICE_WORKER_JS = `'use strict';
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (e) {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Tabula';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      tag: data.id || undefined,
      icon: '/static/favicon.svg',
      data: { url: data.url || '/panel/home' },
    }),
  );
});
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/panel/home', self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      for (const tab of tabs) {
        if (new URL(tab.url).pathname === target.pathname && 'focus' in tab) return tab.focus();
      }
      return self.clients.openWindow(target.href);
    }),
  );
});
`;
