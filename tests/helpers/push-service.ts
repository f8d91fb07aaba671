import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Web Push service for tests (RFC 8030): subscriptions are made here like a browser
 * makes them (a P-256 key pair and a 16-byte auth secret); the platform POSTs encrypted messages
 * to their endpoints, and this server checks the VAPID token (RFC 8292, ES256 signed by the key
 * in `k=`) and DECRYPTS the body per RFC 8291 (aes128gcm: ECDH P-256, HKDF-SHA-256, AES-128-GCM)
 * with the subscription's private key, so a test reads what a browser would show.
 */
export interface TestSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface ReceivedPush {
  endpoint: string;
  /** the decrypted payload (JSON text parsed when it is JSON) */
  payload: any;
  /** the VAPID public key the token was signed with (k=), checked */
  vapidKey: string;
  /** the JWT's claims (aud, exp, sub) */
  claims: { aud: string; exp: number; sub: string };
  ttl: string | undefined;
}

export interface TestPushService {
  url: string;
  received: ReceivedPush[];
  /** requests that could not be decrypted or verified (must stay empty) */
  failures: string[];
  subscribe(): TestSubscription;
  /** answer 410 Gone to this endpoint from now on (the browser dropped it) */
  drop(endpoint: string): void;
  waitFor(match: (p: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  stop(): Promise<void>;
}

interface Keys {
  ecdh: crypto.ECDH;
  publicKey: Buffer;
  authSecret: Buffer;
}

const b64 = (b: Buffer) => b.toString('base64url');

/** RFC 8291 §3.4 / RFC 8188: one aes128gcm message decrypted with the receiver's keys. */
export function decryptAes128gcm(body: Buffer, keys: Keys): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const senderPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (idlen !== 65 || rs < 18) throw new Error(`bad header: idlen ${idlen}, rs ${rs}`);
  if (records.length > rs) throw new Error('more than one record');
  const ecdhSecret = keys.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, senderPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', ecdhSecret, keys.authSecret, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // the last record ends with the delimiter 0x02, then zero padding
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<jwt>, k=<key>`; the ES256 signature checked with k. */
function verifyVapid(header: string | undefined): { key: string; claims: ReceivedPush['claims'] } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`no VAPID authorization: ${header}`);
  const [, token, key] = m as unknown as [string, string, string];
  const [h, p, s] = token.split('.') as [string, string, string];
  const raw = Buffer.from(key, 'base64url');
  const publicKey = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = crypto.verify('sha256', Buffer.from(`${h}.${p}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  return { key, claims: JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) };
}

export async function startPushService(): Promise<TestPushService> {
  const subs = new Map<string, Keys>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const failures: string[] = [];
  const waiters: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const endpoint = `${base}${req.url}`;
      if (gone.has(endpoint)) return void res.writeHead(410).end();
      const keys = subs.get(endpoint);
      if (req.method !== 'POST' || !keys) return void res.writeHead(404).end();
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const vapid = verifyVapid(req.headers.authorization);
        const text = decryptAes128gcm(Buffer.concat(chunks), keys).toString('utf8');
        let payload: unknown = text;
        try {
          payload = JSON.parse(text);
        } catch {
          // plain text
        }
        received.push({ endpoint, payload, vapidKey: vapid.key, claims: vapid.claims, ttl: req.headers.ttl as string | undefined });
        waiters.splice(0).forEach((wake) => wake());
        res.writeHead(201).end();
      } catch (err) {
        failures.push(String((err as Error).message));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    received,
    failures,
    subscribe() {
      const ecdh = crypto.createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const authSecret = crypto.randomBytes(16);
      const endpoint = `${base}/push/${crypto.randomUUID()}`;
      subs.set(endpoint, { ecdh, publicKey, authSecret });
      return { endpoint, p256dh: b64(publicKey), auth: b64(authSecret) };
    },
    drop: (endpoint) => void gone.add(endpoint),
    async waitFor(match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching push within ${timeoutMs} ms (failures: ${failures.join('; ')})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
