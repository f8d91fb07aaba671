import { Client } from '@hapi/nes';
import http from 'node:http';

/**
 * GET a platform path over a fresh HTTP connection (no keep-alive socket that the server may have
 * closed while the test was busy elsewhere: fetch would then fail with ECONNRESET).
 */
export function freshGet(url: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      })
      .on('error', reject);
  });
}

/**
 * A bare nes client with a short request timeout, for flooding: past twice its frame budget a
 * socket's frames are dropped unanswered, and their calls end in a 'timeout' after `timeoutMs`.
 */
export async function floodClient(url: string, timeoutMs = 2_000): Promise<Client> {
  const client = new Client(url.replace(/^http/, 'ws') as `ws://${string}`, { timeout: timeoutMs });
  client.onError = () => {};
  await client.connect({ reconnect: false, timeout: 5_000 });
  return client;
}

/** A hub method call on a bare nes client. */
export const callOn = (client: Client, method: string, ...args: unknown[]) => client.message({ method, args });
