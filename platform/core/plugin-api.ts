import type { Server } from '@hapi/hapi';

/**
 * Exposes a domain's published module (its api.ts, imported as a namespace) on its plugin, one
 * `server.expose(key, value)` per export: `server.plugins.<name>.<key>` is then the very function
 * (or constant) other domains import from that api.ts (docs/architecture.md "Domains and their
 * api.ts"). `server.expose(object)` would deep-merge, copying the joi schemas and objects it holds.
 */
export function exposeApi(server: Server, api: object): void {
  for (const [key, value] of Object.entries(api)) server.expose(key, value);
}
