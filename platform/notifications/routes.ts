import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { uidFields } from '../core/route-pieces';
import { boardCors } from '../core/cors';
import { requestActor } from '../core/actor';
import { listQuery, runList, type ListDeclaration, type ListParams } from '../core/list';
import * as service from './service';
import { CHANNELS, FEED_PAGE_SIZE, NOTIFICATION_TYPE_KEYS, type FeedAction } from './types';
import type { NotificationRow } from './repo';
import { SERVICE_WORKER_JS } from './worker';

const tags = ['api', 'notifications'];
const auth = 'jwt';
const actor = (request: Request) => requestActor(request);
const app = (request: Request) => request.server.app;

/** The feed on the one list protocol; the spec names its paging parameter `skip` (panel.md §7). */
export const FEED_LIST: ListDeclaration<NotificationRow & { createdAt: Date; isRead: boolean }, service.FeedItem> = {
  name: 'NotificationFeed',
  fields: { id: 'n.id', type: 'n.type', message: 'n.message', actions: 'n.actions', isRead: 'n.is_read', createdAt: 'n.created_at' },
  sortable: ['createdAt'],
  quickFilters: { all: null, unread: (q) => void q.where('n.is_read', false) },
  presets: { newest: ['createdAt Desc', 'id Desc'] },
  defaultOrder: 'newest',
  pageSize: FEED_PAGE_SIZE,
  maxTake: 50,
  params: { Skip: 'skip', Take: 'take' },
  toItem: (r) => ({
    id: r.id,
    type: r.type,
    message: r.message,
    isRead: r.isRead,
    actions: (typeof r.actions === 'string' ? JSON.parse(r.actions) : r.actions) as FeedAction[],
    createdAt: new Date(r.createdAt).toISOString(),
  }),
};

const action = Joi.object({ name: Joi.string(), action: Joi.string() }).label('FeedAction');
const feedItem = Joi.object({
  id: Joi.string(),
  type: Joi.string(),
  message: Joi.string(),
  isRead: Joi.boolean(),
  actions: Joi.array().items(action),
  createdAt: Joi.string(),
}).label('FeedItem');
const preference = Joi.object({
  id: Joi.string(),
  type: Joi.string(),
  name: Joi.string(),
  description: Joi.string(),
  channels: Joi.array().items(Joi.object({ channel: Joi.string(), active: Joi.boolean() }).label('NotificationChannel')),
}).label('NotificationPreference');
const b64url = (min: number, max: number) =>
  Joi.string()
    .pattern(/^[A-Za-z0-9_-]+={0,2}$/)
    .min(min)
    .max(max)
    .required();
const preferencePayload = Joi.object({
  type: Joi.string()
    .valid(...NOTIFICATION_TYPE_KEYS)
    .required(),
  channel: Joi.string()
    .valid(...CHANNELS)
    .required(),
  active: Joi.boolean().required(),
  parameters: Joi.object({
    endpoint: Joi.string()
      .uri({ scheme: ['https', 'http'] })
      .max(2000)
      .required(),
    // an uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url (RFC 8291)
    p256dh: b64url(86, 90),
    auth: b64url(22, 24),
  }).allow(null),
  ...uidFields,
}).label('NotificationPreferenceInput');

/** panel.md §7: the push key, preferences, the feed and its read flag; the service worker. */
export const notificationRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/notifications/data',
    options: {
      auth,
      tags,
      description: 'The public VAPID key a browser subscribes to desktop notifications with',
      response: { schema: Joi.object({ publicKey: Joi.string() }).label('NotificationData') },
    },
    handler: (request) => service.notificationData(app(request)),
  },
  {
    method: 'GET',
    path: '/api/users/notifications',
    options: {
      auth,
      tags,
      description: "The caller's notification preferences: every type with its Email and Desktop switches (default Email on, Desktop off)",
      response: { schema: Joi.array().items(preference).label('NotificationPreferences') },
    },
    handler: (request) => service.preferences(app(request), actor(request)),
  },
  {
    method: 'POST',
    path: '/api/users/notifications',
    options: {
      auth,
      tags,
      description:
        'Set one switch {type, channel, active}; turning Desktop on carries this browser’s push subscription as parameters {endpoint, p256dh, auth}',
      notes: `400 under parameters: '${service.PUSH_PARAMETERS_NEEDED}', '${service.PUSH_ENDPOINT_REFUSED}' (an endpoint must be a public https address). Answers every preference.`,
      validate: { payload: preferencePayload },
      response: { schema: Joi.array().items(preference).label('NotificationPreferences') },
    },
    handler: (request) => service.savePreference(app(request), actor(request), request.payload as service.PreferenceInput),
  },
  {
    method: 'GET',
    path: '/api/users/notifications/feed',
    options: {
      auth,
      tags,
      description: `The caller's notification feed, newest first, ${FEED_PAGE_SIZE} a page (skip, take; QuickFilter all or unread) with the unread count`,
      // the board's notifications bell reads it from host pages too (sdk/ui/board-bell.tsx)
      cors: boardCors,
      validate: { query: listQuery(FEED_LIST) },
      response: {
        schema: Joi.object({
          totalCount: Joi.number().integer(),
          unreadCount: Joi.number().integer(),
          data: Joi.array().items(feedItem),
        }).label('NotificationFeedPage'),
      },
    },
    async handler(request) {
      const [page, unreadCount] = await Promise.all([
        runList(FEED_LIST, service.feedBase(app(request), actor(request)), request.query as ListParams),
        service.unreadCount(app(request), actor(request)),
      ]);
      return { ...page, unreadCount };
    },
  },
  {
    method: 'POST',
    path: '/api/users/notifications/{id}/read',
    options: {
      auth,
      tags,
      description: 'Mark one of the caller’s feed items read',
      cors: boardCors,
      notes: `404 '${service.NOTIFICATION_NOT_FOUND}' for an item that is not the caller's.`,
      validate: { params: Joi.object({ id: Joi.string().max(100).required() }), payload: Joi.object(uidFields).allow(null) },
      response: { schema: feedItem },
    },
    handler: (request) => service.markRead(app(request), actor(request), String(request.params.id)),
  },
  {
    method: 'GET',
    path: '/sw.js',
    options: { auth: false, description: 'The service worker showing desktop notifications (scope /)' },
    handler: (_request, h) =>
      h
        .response(SERVICE_WORKER_JS)
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('service-worker-allowed', '/'),
  },
];
