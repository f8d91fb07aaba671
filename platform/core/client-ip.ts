import type { Request } from '@hapi/hapi';
import proxyaddr from 'proxy-addr';

/**
 * The address of the client behind a request, for rate limits and logs.
 *
 * X-Forwarded-For is believed only when the hop that sent it is a configured proxy
 * (TRUSTED_PROXIES, proxy-addr syntax: addresses, CIDRs, 'loopback', 'uniquelocal'…), and then
 * only as far back as the chain stays inside trusted proxies. With no proxies configured the
 * socket's address is the client, whatever headers say (a client cannot pick its own address).
 */
const compiled = new WeakMap<readonly string[], (addr: string, i: number) => boolean>();

export function trustOf(proxies: readonly string[]): (addr: string, i: number) => boolean {
  let fn = compiled.get(proxies);
  if (!fn) {
    fn = proxyaddr.compile([...proxies]);
    compiled.set(proxies, fn);
  }
  return fn;
}

export function clientAddress(request: Request): string {
  const socketAddress = request.info.remoteAddress || '';
  const proxies = request.server.app.config.trustedProxies ?? [];
  if (proxies.length === 0) return socketAddress;
  const req = { headers: request.headers, socket: { remoteAddress: socketAddress }, connection: { remoteAddress: socketAddress } };
  try {
    return proxyaddr(req as never, trustOf(proxies));
  } catch {
    return socketAddress;
  }
}
