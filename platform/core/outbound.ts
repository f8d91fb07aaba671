import dns from 'node:dns/promises';
import net from 'node:net';

/**
 * Fetches the server makes on a user's behalf (a workspace's fonts; docs/security.md "Outbound
 * requests"). A user names the URL, so a fetch must not become a probe of the private network:
 * only http(s), only public addresses (every address the name resolves to, checked again at each
 * redirect) unless the operator allows private hosts (FETCH_PRIVATE_HOSTS), a time limit and a
 * size cap on the body. A refused or failed fetch is an OutboundError; callers turn it into
 * their own message.
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

const MAX_REDIRECTS = 3;

/** Loopback, private, link-local, carrier-grade NAT, multicast, reserved and unspecified addresses. */
export function isPrivateAddress(address: string): boolean {
  if (net.isIPv4(address)) {
    const [a, b] = address.split('.').map(Number);
    return a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || a >= 224;
  }
  const v6 = address.toLowerCase();
  if (v6.startsWith('::ffff:')) return isPrivateAddress(v6.slice(7));
  return v6 === '::' || v6 === '::1' || v6.startsWith('fc') || v6.startsWith('fd') || v6.startsWith('fe80') || v6.startsWith('ff');
}

async function checkHost(url: URL, allowPrivate: boolean): Promise<void> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('only http and https addresses can be fetched');
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host) ? [host] : (await dns.lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0) throw new OutboundError(`${host} does not resolve`);
  if (addresses.some(isPrivateAddress)) throw new OutboundError(`${host} is not a public address`);
}

async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new OutboundError('the answer is too large');
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new OutboundError('the answer is too large');
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

/** GET `address` under the rules above; redirects are followed by hand so each hop is checked. */
export async function fetchOutbound(address: string, options: OutboundOptions): Promise<OutboundAnswer> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new OutboundError('not a valid address');
  }
  const signal = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    await checkHost(url, options.allowPrivate);
    let response: Response;
    try {
      response = await fetch(url, {
        redirect: 'manual',
        signal,
        headers: { accept: options.accept ?? '*/*', ...(options.userAgent ? { 'user-agent': options.userAgent } : {}) },
      });
    } catch (error) {
      throw new OutboundError(`fetch failed: ${(error as Error).message}`);
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel().catch(() => {});
      url = new URL(location, url);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new OutboundError(`answered ${response.status}`, response.status);
    }
    return { url: url.toString(), contentType: response.headers.get('content-type') ?? '', body: await readCapped(response, options.maxBytes) };
  }
  throw new OutboundError('too many redirects');
}
