import type { Request } from '@hapi/hapi';
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/**
 * The address of the client behind a request, for rate limits and logs.
 *
 * X-Forwarded-For is believed only when the hop that sent it is a configured proxy
 * (TRUSTED_PROXIES, proxy-addr syntax: addresses, CIDRs, 'loopback', 'uniquelocal'…), and then
 * only as far back as the chain stays inside trusted proxies. With no proxies configured the
 * socket's address is the client, whatever headers say (a client cannot pick its own address).
 * `clientAddress` reads a hapi request; `clientAddressOf` a bare Node request (a websocket upgrade).
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

function addressBehind(socketAddress: string, headers: Record<string, unknown>, proxies: readonly string[]): string {
  if (proxies.length === 0) return socketAddress;
  const req = { headers, socket: { remoteAddress: socketAddress }, connection: { remoteAddress: socketAddress } };
  try {
    return proxyaddr(req as never, trustOf(proxies));
  } catch {
    return socketAddress;
  }
}

export function clientAddress(request: Request): string {
  return addressBehind(request.info.remoteAddress || '', request.headers, request.server.app.config.trustedProxies ?? []);
}

export function clientAddressOf(req: IncomingMessage, proxies: readonly string[]): string {
  return addressBehind(req.socket.remoteAddress || '', req.headers, proxies);
}
