import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { requestActor } from '../core/actor';
import { boardCors } from '../core/cors';
import { answer, optionalAuth, uidFields } from '../core/route-pieces';
import { boardRef } from '../boards/api';
import { linkPreview, type LinksApp, type PreviewCache } from './service';
import type { RateLimiter } from '../core/ratelimit';

const previewSchema = answer('LinkPreview', {
  url: Joi.string().description('the address the page was found at (after redirects)'),
  title: Joi.string().allow('').description("the page's title ('' when it has none: the card shows \"the url can't be shown\")"),
  description: Joi.string().allow(''),
  site: Joi.string().allow('').description('og:site_name, else the host'),
  image: Joi.string().allow('').description("the preview picture's http(s) address, '' when none (the board loads it, never this server)"),
});

/**
 * The link-preview proxy (board.md §7; issue 34 item 3): GET /api/boards/{id}/links/preview?url=.
 * Board-scoped so that who asks is checked like every board action (edit rights and the plan's
 * paste-link or attach-link policy); cross-origin like the board's other calls (embeds).
 */
export function linkRoutes(deps: { cache: PreviewCache; limiter: RateLimiter }, appOf: (request: Request) => LinksApp): ServerRoute[] {
  return [
    {
      method: 'GET',
      path: '/api/boards/{id}/links/preview',
      options: {
        auth: optionalAuth,
        cors: boardCors,
        tags: ['api', 'boards'],
        description: "A web page's preview for a link card: title, description, site name and picture address",
        notes:
          "Owner, Facilitator or Editor of the board whose plan has paste-link or attach-link (beta-tester). The server fetches public addresses only (also after redirects; docs/security.md \"Outbound requests\"), at most 3 MB in 8 s, and keeps answers an hour. 400 under `url`: 'Invalid URL', or 'Failed to fetch link details. Ensure the URL is valid and accessible.' when the page cannot be fetched. 429 past 30 previews a minute per person.",
        validate: {
          params: Joi.object({ id: boardRef.description('board code or id') }),
          query: Joi.object({
            url: Joi.string().trim().min(1).max(2048).required().description('the http(s) address of the page'),
            ...uidFields,
          }),
        },
        response: { schema: previewSchema },
        plugins: {
          openapi: {
            responses: {
              403: "'Unauthorized access' without edit rights or without the paste-link / attach-link policy.",
              429: 'Too many previews asked: wait a minute.',
            },
          },
        },
      },
      handler: (request) =>
        linkPreview(
          appOf(request),
          deps,
          (request.params as { id: string }).id,
          requestActor(request),
          (request.query as { url: string }).url,
        ),
    },
  ];
}
