/**
 * Issue 26, item 1, the outbound module itself (platform/core/outbound.ts, docs/security.md
 * "Outbound requests"): the address classifier on every internal form and on public addresses;
 * a name is resolved once and the connection goes to the checked address (DNS rebinding); every
 * redirect hop is resolved and checked the same way.
 *
 * Redirects from an allowed server to an internal one cannot be staged on one machine with the
 * real policy (every local server is internal), so these tests pass the module its dependencies —
 * a resolver and an address policy that treats 127.0.0.1 as "public" — through the same code path
 * production uses (fetchOutbound's `deps` parameter; production passes none). Every other internal
 * address (127.0.0.2, where a second server counts hits, ::1, 10/8 …) keeps the real verdict.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOutbound, isPublicAddress, OutboundError, type OutboundDeps, type ResolvedAddress } from '../../platform/core/outbound';

describe('the address classifier', () => {
  const refused = [
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '100.127.255.255',
    '224.0.0.1',
    '239.255.255.255',
    '240.0.0.1',
    '255.255.255.255',
    '192.0.0.1',
    '192.0.2.1',
    '198.18.0.1',
    '198.51.100.1',
    '203.0.113.1',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    'fec0::1',
    // IPv4-mapped, every spelling
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:7f00:1',
    '::FFFF:7F00:1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '::ffff:10.0.0.1',
    // IPv4-compatible (deprecated), NAT64 carrying internal IPv4, 6to4 carrying internal IPv4, Teredo
    '::127.0.0.1',
    '::7f00:1',
    '::a9fe:a9fe',
    '::8.8.8.8',
    '64:ff9b::7f00:1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::1',
    '2002:7f00:1::',
    '2002:a9fe:a9fe::1',
    '2002:a00:1::',
    '2001::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    // documentation, discard, outside 2000::/3
    '2001:db8::1',
    '100::1',
    '4000::1',
    // not an address (or not canonical): refused
    'localhost',
    '2130706433',
    '0177.0.0.1',
    '0x7f.1',
    '127.1',
    '',
    'garbage',
  ];
  const allowed = [
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '2606:4700::1111',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ];

  it.each(refused)('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));
  it.each(allowed)('allows %s', (address) => expect(isPublicAddress(address)).toBe(true));
});

/** A server that counts what reaches it. */
async function counter(host: string, handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const state = {
    hits: 0,
    hosts: [] as string[],
    port: 0,
    server: http.createServer((req, res) => {
      state.hits++;
      state.hosts.push(String(req.headers.host));
      handler(req, res);
    }),
  };
  await new Promise<void>((resolve) => state.server.listen(0, host, resolve));
  state.port = (state.server.address() as AddressInfo).port;
  return state;
}

let a: Awaited<ReturnType<typeof counter>>;
let b: Awaited<ReturnType<typeof counter>>;
let lookups: string[] = [];
/** rebind.example answers 127.0.0.1 first, then 127.0.0.2 (a rebinding resolver) */
let rebindCalls = 0;

const names: Record<string, () => ResolvedAddress[]> = {
  'public.example': () => [{ address: '127.0.0.1', family: 4 }],
  'mixed.example': () => [
    { address: '127.0.0.1', family: 4 },
    { address: '10.0.0.5', family: 4 },
  ],
  'internal.example': () => [{ address: '127.0.0.2', family: 4 }],
  'mapped.example': () => [{ address: '::ffff:127.0.0.2', family: 6 }],
  'rebind.example': () => [{ address: rebindCalls++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4 }],
};

/** 127.0.0.1 plays a public server; everything else keeps the real verdict. */
const deps: OutboundDeps = {
  resolve: async (name) => {
    lookups.push(name);
    const answer = names[name];
    if (!answer) throw new Error('ENOTFOUND');
    return answer();
  },
  isAllowed: (address) => address === '127.0.0.1' || isPublicAddress(address),
};

beforeAll(async () => {
  b = await counter('127.0.0.2', (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('internal'));
  a = await counter('127.0.0.1', (req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
    if (to) return res.writeHead(302, { location: to }).end();
    if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (req.url === '/big') return res.writeHead(200).end(Buffer.alloc(5000));
    res.writeHead(200, { 'content-type': 'text/css' }).end('public');
  });
});
afterAll(async () => {
  await new Promise((resolve) => a?.server.close(resolve));
  await new Promise((resolve) => b?.server.close(resolve));
});

const get = (url: string, allowPrivate = false) => fetchOutbound(url, { allowPrivate, maxBytes: 1024, timeoutMs: 5000 }, deps);
const refusedWith = async (url: string) => {
  const error = await get(url).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, url).toBeInstanceOf(OutboundError);
  return error as OutboundError;
};

describe('resolving once, connecting to the checked address', () => {
  it('a name that resolves to an allowed address is fetched, the Host header keeps the name', async () => {
    lookups = [];
    const answer = await get(`http://public.example:${a.port}/`);
    expect(answer.body.toString()).toBe('public');
    expect(lookups).toEqual(['public.example']);
    expect(a.hosts.at(-1)).toBe(`public.example:${a.port}`);
  });

  it('a public-looking name that resolves to an internal address (or to one among several) is refused before connecting', async () => {
    const before = b.hits;
    await refusedWith(`http://internal.example:${b.port}/`);
    await refusedWith(`http://mapped.example:${b.port}/`);
    await refusedWith(`http://mixed.example:${a.port}/`);
    await refusedWith(`http://nowhere.example:${a.port}/`);
    expect(b.hits).toBe(before);
  });

  it('the name is resolved once per hop: a rebinding answer never reaches the connection', async () => {
    rebindCalls = 0;
    lookups = [];
    const beforeA = a.hits;
    const beforeB = b.hits;
    // a second resolution would answer 127.0.0.2 (nothing listens on that port there) and the
    // system resolver does not know the name at all: reaching the server proves the connection
    // used the checked answer
    const answer = await get(`http://rebind.example:${a.port}/`);
    expect(answer.body.toString()).toBe('public');
    expect(rebindCalls).toBe(1);
    expect(lookups).toEqual(['rebind.example']);
    expect(a.hits).toBe(beforeA + 1);
    expect(b.hits).toBe(beforeB);
  });
});

describe('redirects', () => {
  const via = (to: string) => `http://public.example:${a.port}/?to=${encodeURIComponent(to)}`;

  it('a redirect to an allowed address is followed (the control)', async () => {
    const answer = await get(via(`http://127.0.0.1:${a.port}/`));
    expect(answer.body.toString()).toBe('public');
    expect(answer.url).toBe(`http://127.0.0.1:${a.port}/`);
  });

  it('every hop is checked: a redirect from an allowed server to an internal address is refused, nothing reaches it', async () => {
    const before = b.hits;
    for (const to of [
      `http://127.0.0.2:${b.port}/`,
      `http://[::ffff:127.0.0.2]:${b.port}/`,
      `http://[::ffff:7f00:2]:${b.port}/`,
      `http://2130706434:${b.port}/`,
      `http://internal.example:${b.port}/`,
      `http://mixed.example:${b.port}/`,
      `http://[::1]:${b.port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:169.254.169.254]/',
      `http://[64:ff9b::7f00:2]:${b.port}/`,
    ]) {
      const error = await refusedWith(via(to));
      expect(error.message, to).toMatch(/not a public address/);
    }
    expect(b.hits).toBe(before);
  });

  it('refuses a redirect to another scheme, and more than 3 redirects', async () => {
    expect((await refusedWith(via('file:///etc/passwd'))).message).toMatch(/only http and https/);
    expect((await refusedWith(via('gopher://127.0.0.1:25/'))).message).toMatch(/only http and https/);
    expect((await refusedWith(`http://public.example:${a.port}/loop`)).message).toMatch(/too many redirects/);
  });

  it('keeps the size cap', async () => {
    expect((await refusedWith(`http://public.example:${a.port}/big`)).message).toMatch(/too large/);
  });

  it('with private hosts allowed, the same redirect is followed (FETCH_PRIVATE_HOSTS)', async () => {
    const before = b.hits;
    const answer = await get(via(`http://127.0.0.2:${b.port}/`), true);
    expect(answer.body.toString()).toBe('internal');
    expect(b.hits).toBe(before + 1);
  });
});
