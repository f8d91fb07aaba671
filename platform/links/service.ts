import Boom from '@hapi/boom';
import type { ServerApplicationState } from '@hapi/hapi';
import { MESSAGES } from '../../shared/messages';
import { can } from '../../shared/permissions';
import { POLICY } from '../../shared/policies';
import type { Actor } from '../core/actor';
import { badRequest } from '../core/errors';
import { enforceRateLimit, type RateLimiter } from '../core/ratelimit';
import { boardPoliciesFor, getBoardAccess, UNAUTHORIZED_ACCESS } from '../boards/api';
import { fetchPreview, PreviewFailed, type LinkPreview } from './preview';

export type LinksApp = Pick<ServerApplicationState, 'config' | 'db' | 'logger' | 'bus' | 'metrics'>;

/** How long an answer is kept: a page's preview an hour, a failure a minute (docs/board-screen.md "Link cards"). */
export const CACHE_TTL_MS = 3_600_000;
export const FAILURE_TTL_MS = 60_000;
export const CACHE_MAX_ENTRIES = 1000;

type Entry = { at: number; ttl: number; preview: LinkPreview | null };

/**
 * The previews this node found, by address (memory, least recently used out first). Not a table:
 * a preview is cheap to find again, goes stale, and is stored on the card itself once pasted.
 */
export class PreviewCache {
  private entries = new Map<string, Entry>();
  constructor(
    private readonly max = CACHE_MAX_ENTRIES,
    private readonly now = () => Date.now(),
  ) {}

  /** The cached answer (null: a cached failure), undefined when there is none or it expired. */
  get(key: string): LinkPreview | null | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (this.now() - entry.at >= entry.ttl) return undefined;
    this.entries.set(key, entry);
    return entry.preview;
  }

  set(key: string, preview: LinkPreview | null): void {
    this.entries.delete(key);
    this.entries.set(key, { at: this.now(), ttl: preview ? CACHE_TTL_MS : FAILURE_TTL_MS, preview });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The address as the cache knows it ('' when it is not an http(s) URL). */
export function previewKey(value: string): string {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    url.hash = '';
    return url.toString();
  } catch {
    return '';
  }
}

const failed = () => badRequest(MESSAGES.linkPreviewFailed, { url: [MESSAGES.linkPreviewFailed] });

/**
 * GET /api/boards/{id}/links/preview?url=: the preview of a page, for a visitor who may make a
 * link card on this board — edit rights (Owner, Facilitator, Editor) and the paste-link or
 * attach-link policy (board.md §6, beta-tester) — within their rate budget. The page is fetched
 * on nobody else's behalf and through the outbound module only (./preview.ts).
 */
export async function linkPreview(
  app: LinksApp,
  deps: { cache: PreviewCache; limiter: RateLimiter },
  code: string,
  actor: Actor | null,
  address: string,
): Promise<LinkPreview> {
  const access = await getBoardAccess(app, code, actor);
  if (!can(access.role, 'edit_board')) throw Boom.forbidden(UNAUTHORIZED_ACCESS);
  const policies = await boardPoliciesFor(app, access, actor!);
  if (!policies.includes(POLICY.pasteLink) && !policies.includes(POLICY.attachLink))
    throw Boom.forbidden(UNAUTHORIZED_ACCESS, { feature: 'paste link', policies: [POLICY.pasteLink, POLICY.attachLink] });
  const key = previewKey(address);
  if (!key) throw badRequest(MESSAGES.invalidUrl, { url: [MESSAGES.invalidUrl] });
  // every asking counts, cached or not: the budget is the person's, not the network's
  await enforceRateLimit(deps.limiter, actor!.userId ?? `guest:${actor!.uid}`);
  const cached = deps.cache.get(key);
  if (cached === null) throw failed();
  if (cached) return cached;
  try {
    const preview = await fetchPreview(key, { allowPrivate: app.config.fetchPrivateHosts });
    deps.cache.set(key, preview);
    return preview;
  } catch (err) {
    if (!(err instanceof PreviewFailed)) throw err;
    app.logger.info({ board: code, reason: err.message }, 'link preview: the fetch failed');
    deps.cache.set(key, null);
    throw failed();
  }
}
