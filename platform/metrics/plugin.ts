import Boom from '@hapi/boom';
import type { Plugin, Request } from '@hapi/hapi';
import { requestSeconds, statusOf } from '../core/access-log';
import { clientAddress, trustOf } from '../core/client-ip';

/**
 * Addresses /metrics answers: loopback, link-local and private (RFC 1918, unique-local IPv6),
 * in proxy-addr's names. Whatever is not one of them is answered 404, as if there were no route.
 */
const SCRAPERS: readonly string[] = ['loopback', 'linklocal', 'uniquelocal'];

/** Whether the request comes from a private or loopback address (the client's, per TRUSTED_PROXIES). */
export function isPrivateClient(request: Request): boolean {
  return trustOf(SCRAPERS)(clientAddress(request), 0);
}

/**
 * GET /metrics: the Prometheus text exposition of this node (platform/metrics/registry.ts), and
 * the HTTP request-duration histogram it fills from every answered request (labelled by route
 * template, never the raw URL).
 *
 * Access (docs/operations.md "Metrics"): no token and no configuration — the route answers only
 * clients on loopback or private addresses, as resolved by core/client-ip.ts (X-Forwarded-For is
 * believed only from TRUSTED_PROXIES), and 404 to everyone else. Behind a proxy on a private
 * network, set TRUSTED_PROXIES (else every request seems to come from the proxy's private address)
 * and block /metrics at the proxy as well (deploy/Caddyfile does).
 */
export const metricsPlugin: Plugin<void> = {
  name: 'metrics',
  register(server) {
    server.events.on('response', (request) => {
      const metrics = server.app.metrics;
      if (!metrics) return;
      metrics.httpRequest(request.route?.path ?? '', request.method, statusOf(request), requestSeconds(request));
    });

    server.route({
      method: 'GET',
      path: '/metrics',
      options: {
        auth: false,
        description: 'Prometheus metrics (loopback and private addresses only)',
      },
      async handler(request, h) {
        const metrics = request.server.app.metrics;
        if (!metrics || !isPrivateClient(request)) throw Boom.notFound();
        return h
          .response(await metrics.render())
          .type(metrics.contentType)
          .header('cache-control', 'no-store');
      },
    });
  },
};
