import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Every HTTP request the server makes on a user's behalf (a workspace's fonts, a browser's push
 * endpoint; docs/security.md "Outbound requests"). A user names the URL, so a request must not
 * become a probe of the private network:
 *
 * - only http(s), no credentials in the URL;
 * - the host name is resolved ONCE; every address it resolves to must be public unicast
 *   (`isPublicAddress`: IPv4-mapped, IPv4-compatible, NAT64, 6to4 and Teredo forms are unwrapped or
 *   refused), unless the operator allows private hosts (FETCH_PRIVATE_HOSTS);
 * - the connection goes to the checked address (node's http/https with a `lookup` that answers
 *   that address, so nothing resolves the name a second time: no DNS rebinding); TLS still names
 *   the host (SNI, certificate check) and so does the Host header;
 * - redirects are followed by hand, at most 3, each hop checked the same way;
 * - a time limit over all hops and a size cap on the body.
 *
 * A refused or failed request is an OutboundError; callers turn it into their own message.
 */
export class OutboundError extends Error {
  constructor(
    message: string,
    /** the answer's status when the server answered (404, 400 …) */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The message of an answer whose body passed the size cap. */
export const TOO_LARGE = 'the answer is too large';

export interface OutboundOptions {
  allowPrivate: boolean;
  /** largest body in bytes */
  maxBytes: number;
  timeoutMs?: number;
  accept?: string;
  /** some services answer per browser (a font service picks woff2 for a modern one) */
  userAgent?: string;
}

export interface OutboundAnswer {
  url: string;
  contentType: string;
  body: Buffer;
}

export interface OutboundRequest {
  allowPrivate: boolean;
  method?: string;
  headers?: Record<string, string>;
  body?: Uint8Array;
  /** largest answer body in bytes */
  maxBytes: number;
  timeoutMs?: number;
  /** follow up to 3 redirects (each hop checked); otherwise a 3xx is the answer */
  followRedirects?: boolean;
  /** http is refused when false (push endpoints are https unless private hosts are allowed) */
  allowHttp?: boolean;
}

export interface OutboundResponse {
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** How a name becomes addresses (every address, as dns.lookup with all: true answers). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** What the module depends on; tests pass their own (the production path uses the same code). */
export interface OutboundDeps {
  resolve: Resolver;
  /** whether an address may be reached when private hosts are not allowed */
  isAllowed: (address: string) => boolean;
}

const MAX_REDIRECTS = 3;
const DEFAULT_TIMEOUT_MS = 10_000;

const systemResolver: Resolver = async (hostname) =>
  (await dns.lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** 2000::/3, the only IPv6 block allocated for global unicast. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
/** NAT64's well-known prefix (RFC 6052): the last 32 bits are an IPv4 address. */
const NAT64_WKP = ipaddr.parseCIDR('64:ff9b::/96');

function isPublicV4(v4: ipaddr.IPv4): boolean {
  return v4.range() === 'unicast';
}

/**
 * An address as ipaddr.js reads it, IPv4-mapped IPv6 turned into IPv4; null when it is none (or
 * not written canonically as an address: `127.1` is a host name here, the URL parser has already
 * turned every IPv4 spelling of a URL into dotted decimal). IPv6 text is first put in canonical
 * form by the WHATWG parser, because ipaddr.js reads the IPv4-compatible `::a.b.c.d` as if it
 * were IPv4-mapped.
 */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  let text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = net.isIP(text);
  if (!family) return null;
  try {
    if (family === 6) text = new URL(`http://[${text}]/`).hostname.replace(/^\[|\]$/g, '');
    // process() turns ::ffff:a.b.c.d (in any spelling) into a.b.c.d
    return ipaddr.process(text);
  } catch {
    return null;
  }
}

/**
 * Whether an address is public unicast. Everything else is refused: loopback, private, link-local
 * (the cloud metadata address 169.254.169.254), carrier-grade NAT, multicast, broadcast,
 * unspecified, reserved and documentation ranges; in IPv6 the same plus unique-local, and the forms
 * that carry an IPv4 address inside — IPv4-mapped (::ffff:0:0/96, unwrapped and checked as IPv4),
 * NAT64 (64:ff9b::/96, unwrapped and checked), 6to4 (2002::/16, the IPv4 in bits 16–48 checked),
 * IPv4-compatible (::/96, deprecated: refused), Teredo (2001::/32: refused), and anything outside
 * 2000::/3. Zone ids are dropped before classifying. Not an address at all: refused.
 */
export function isPublicAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  if (parsed.kind() === 'ipv4') return isPublicV4(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  const bytes = v6.toByteArray();
  if (v6.match(NAT64_WKP)) return isPublicV4(new ipaddr.IPv4(bytes.slice(12, 16)));
  const range = v6.range();
  if (range === '6to4') return isPublicV4(new ipaddr.IPv4(bytes.slice(2, 6)));
  if (range !== 'unicast') return false;
  return v6.match(GLOBAL_UNICAST_V6);
}

/** The production path: the system resolver, public unicast only. */
const defaultDeps: OutboundDeps = { resolve: systemResolver, isAllowed: isPublicAddress };

/** The host as the resolver and the classifier take it: no brackets, no trailing dot. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
}

/** Parses and checks what the URL itself may be (scheme, credentials) before any network use. */
function parseTarget(address: string | URL, allowHttp: boolean): URL {
  let url: URL;
  try {
    // WHATWG parsing normalises every IPv4 spelling (2130706433, 0177.0.0.1, 0x7f.1, 127.1) and
    // compresses IPv6; zone ids in a URL are invalid
    url = new URL(address);
  } catch {
    throw new OutboundError('not a valid address');
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:'))
    throw new OutboundError('only http and https addresses can be fetched');
  if (url.username || url.password) throw new OutboundError('addresses with credentials are not fetched');
  if (!url.hostname) throw new OutboundError('not a valid address');
  return url;
}

/**
 * Resolves the URL's host once and checks every address; answers the one to connect to. An IP
 * literal is not resolved. With `allowPrivate` nothing is refused, but the answer is still the
 * address the connection is pinned to.
 */
async function resolveChecked(url: URL, allowPrivate: boolean, deps: OutboundDeps, signal?: AbortSignal): Promise<ResolvedAddress> {
  const host = bareHost(url);
  const family = net.isIP(host);
  let addresses: ResolvedAddress[];
  if (family) addresses = [{ address: host, family: family as 4 | 6 }];
  else {
    const timedOut = new Promise<ResolvedAddress[]>((resolve) => signal?.addEventListener('abort', () => resolve([]), { once: true }));
    addresses = await Promise.race([deps.resolve(host).catch(() => []), timedOut]);
    if (addresses.length === 0) throw new OutboundError(`${host} does not resolve`);
  }
  if (!allowPrivate && addresses.some((a) => !deps.isAllowed(a.address))) throw new OutboundError(`${host} is not a public address`);
  const first = addresses[0];
  // a mapped address (::ffff:a.b.c.d) is connected to as the IPv4 address it carries
  const processed = parseAddress(first.address);
  if (processed && processed.kind() === 'ipv4') return { address: processed.toString(), family: 4 };
  return first;
}

/** Whether the URL may be requested: scheme, credentials, and every address of its host. */
export async function outboundAllowed(
  address: string,
  options: { allowPrivate: boolean; allowHttp?: boolean },
  deps: OutboundDeps = defaultDeps,
): Promise<boolean> {
  try {
    await resolveChecked(parseTarget(address, options.allowHttp ?? true), options.allowPrivate, deps);
    return true;
  } catch {
    return false;
  }
}

/** One request to the checked address; the answer body is read up to the cap. */
function requestOnce(
  url: URL,
  pinned: ResolvedAddress,
  request: OutboundRequest,
  signal: AbortSignal,
): Promise<OutboundResponse & { location?: string }> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const host = bareHost(url);
    const lookup = (_hostname: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      // the name is never resolved again: the checked address is the only answer
      if (opts?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
      else callback(null, pinned.address, pinned.family);
    };
    const options: https.RequestOptions = {
      protocol: url.protocol,
      // an IP literal is connected to as the checked address; a name through the pinned lookup
      hostname: net.isIP(host) ? pinned.address : url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: request.method ?? 'GET',
      headers: { host: url.host, ...request.headers },
      lookup: lookup as unknown as net.LookupFunction,
      // no pooled sockets: a connection is never reused for another (unchecked) address
      agent: false,
      signal,
      ...(secure && !net.isIP(host) ? { servername: host } : {}),
    };
    const fail = (error: unknown) =>
      reject(error instanceof OutboundError ? error : new OutboundError(`fetch failed: ${(error as Error).message}`));
    const req = (secure ? https : http).request(options, (res) => {
      const status = res.statusCode ?? 0;
      const location = typeof res.headers.location === 'string' ? res.headers.location : undefined;
      const contentType = String(res.headers['content-type'] ?? '');
      if (status >= 300 && status < 400 && location && request.followRedirects) {
        res.destroy();
        return resolve({ url: url.toString(), status, contentType, body: Buffer.alloc(0), location });
      }
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > request.maxBytes) {
        reject(new OutboundError(TOO_LARGE, status));
        return res.destroy();
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > request.maxBytes) {
          reject(new OutboundError(TOO_LARGE, status));
          res.destroy();
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ url: url.toString(), status, contentType, body: Buffer.concat(chunks) }));
      res.on('error', fail);
      res.on('aborted', () => fail(new Error('answer aborted')));
    });
    req.on('error', fail);
    req.end(request.body ? Buffer.from(request.body) : undefined);
  });
}

/** Any method; redirects followed by hand (when asked) so each hop is resolved, checked and pinned. */
export async function requestOutbound(
  address: string,
  request: OutboundRequest,
  deps: OutboundDeps = defaultDeps,
): Promise<OutboundResponse> {
  const allowHttp = request.allowHttp ?? true;
  let url = parseTarget(address, allowHttp);
  const signal = AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const pinned = await resolveChecked(url, request.allowPrivate, deps, signal);
    if (signal.aborted) throw new OutboundError('fetch failed: timed out');
    const answer = await requestOnce(url, pinned, request, signal);
    if (answer.location === undefined) return answer;
    try {
      url = parseTarget(new URL(answer.location, url), allowHttp);
    } catch (error) {
      throw error instanceof OutboundError ? error : new OutboundError('not a valid redirect');
    }
  }
  throw new OutboundError('too many redirects');
}

/** GET `address` under the rules above (fonts): a non-2xx answer is an OutboundError with its status. */
export async function fetchOutbound(address: string, options: OutboundOptions, deps: OutboundDeps = defaultDeps): Promise<OutboundAnswer> {
  const answer = await requestOutbound(
    address,
    {
      allowPrivate: options.allowPrivate,
      maxBytes: options.maxBytes,
      timeoutMs: options.timeoutMs,
      followRedirects: true,
      headers: { accept: options.accept ?? '*/*', ...(options.userAgent ? { 'user-agent': options.userAgent } : {}) },
    },
    deps,
  );
  if (answer.status < 200 || answer.status >= 300) throw new OutboundError(`answered ${answer.status}`, answer.status);
  return { url: answer.url, contentType: answer.contentType, body: answer.body };
}
