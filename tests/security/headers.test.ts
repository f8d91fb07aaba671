import { Writable } from 'node:stream';
import type Joi from 'joi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeEmbedData } from '../../shared/embed';
import { insertClient } from '../../platform/clients/repo';
import { createLogger, REDACTED } from '../../platform/core/logger';
import { sendMail } from '../../platform/mail/service';
import { insertUser } from '../../platform/users/repo';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';

/**
 * Issue 9, findings 7 and 11 (headers; tokens out of URLs and logs). Every page carries a
 * Content-Security-Policy, X-Content-Type-Options and a Referrer-Policy; the board page may be
 * framed only by the origins its developer app allows; pages whose URL holds a secret send no
 * Referer; no route takes a token in its URL; the logs never hold a token, password, uid or
 * recovery code. (docs/security.md "Headers and redirects"; the redirect itself:
 * tests/e2e/security-redirect.spec.ts)
 */
const csp = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy'] ?? '');
const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1);

describe('headers of pages and answers', () => {
  let p: TestPlatform;
  const html = { accept: 'text/html' };
  const get = (url: string, headers: Record<string, string> = html) => p.server.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    p = await startTestPlatform();
    const client = async (clientId: string, allowedOrigins: string[], active = true) => {
      const owner = await insertUser(p.db, { username: `${clientId}@example.com`, passwordHash: null });
      await insertClient(p.db, { ownerId: owner.id, appName: clientId, clientId, secretHash: 'x', secretHint: 'x', allowedOrigins });
      if (!active) await p.db('clients').where({ client_id: clientId }).update({ is_active: false });
    };
    await client('app-listed', ['https://host.example', 'https://other.example:8443']);
    await client('app-open', []);
    await client('app-off', ['https://off.example'], false);
  });
  afterAll(() => p.stop());

  it.each(['/accounts/login', '/accounts/signup', '/panel/home', '/access-denied', '/board/ABCDEF'])(
    '%s: a script-tight CSP, nosniff, a Referrer-Policy',
    async (url) => {
      const res = await get(url);
      const policy = csp(res);
      expect(directive(policy, 'default-src')).toBe("'self'");
      expect(directive(policy, 'script-src')).toBe("'self'");
      expect(directive(policy, 'object-src')).toBe("'none'");
      expect(directive(policy, 'base-uri')).toBe("'self'");
      expect(directive(policy, 'frame-ancestors')).toBeDefined();
      expect(policy).not.toMatch(/unsafe-eval/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(['strict-origin-when-cross-origin', 'no-referrer']).toContain(res.headers['referrer-policy']);
    },
  );

  it('the panel and account pages cannot be framed at all', async () => {
    const res = await get('/accounts/login');
    expect(directive(csp(res), 'frame-ancestors')).toBe("'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('the page-not-found page has the same CSP', async () => {
    const res = await get('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(directive(csp(res), 'script-src')).toBe("'self'");
    expect(directive(csp(res), 'frame-ancestors')).toBe("'none'");
  });

  it('the recovery page, whose URL holds the code, sends no Referer and is not stored', async () => {
    const res = await get('/accounts/reset-password/secret-code-123/ada%40example.com');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(directive(csp(res), 'frame-ancestors')).toBe("'none'");
  });

  describe('who may frame the board page', () => {
    it('no clientid: only this origin', async () => {
      const res = await get('/board/ABCDEF');
      expect(directive(csp(res), 'frame-ancestors')).toBe("'self'");
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    });

    it("a developer app's allowed origins (as the embed handshake checks them)", async () => {
      const res = await get('/board/ABCDEF?uid=host-user&clientid=app-listed&data=e30');
      expect(directive(csp(res), 'frame-ancestors')).toBe("'self' https://host.example https://other.example:8443");
    });

    it('an embed claiming an origin the app does not allow gets a frameable page that only shows the refusal; claiming an allowed one gets the strict list', async () => {
      const data = (origin: string) => encodeEmbedData({ board: '', participant: { uid: 'host-user' }, origin, features: {} });
      const refused = await get(
        `/board/embed?uid=host-user&clientid=app-listed&data=${encodeURIComponent(data('https://elsewhere.example'))}`,
      );
      expect(directive(csp(refused), 'frame-ancestors')).toBe('*');
      const allowed = await get(`/board/embed?uid=host-user&clientid=app-listed&data=${encodeURIComponent(data('https://host.example'))}`);
      expect(directive(csp(allowed), 'frame-ancestors')).toBe("'self' https://host.example https://other.example:8443");
      const garbage = await get('/board/embed?uid=host-user&clientid=app-listed&data=not-base64-json');
      expect(directive(csp(garbage), 'frame-ancestors')).toBe("'self' https://host.example https://other.example:8443");
    });

    it('an app that lists no origins may be embedded anywhere (its choice, as in checkEmbed)', async () => {
      expect(directive(csp(await get('/board/embed?clientid=app-open')), 'frame-ancestors')).toBe('*');
    });

    it('an unknown or inactive app, or a hostile clientid: only this origin', async () => {
      for (const clientid of ['nope', 'app-off', "x'; script-src *", 'a'.repeat(500)]) {
        expect(directive(csp(await get(`/board/ABCDEF?clientid=${encodeURIComponent(clientid)}`)), 'frame-ancestors'), clientid).toBe(
          "'self'",
        );
      }
    });
  });

  it('API answers carry a deny-all CSP and nosniff, errors too', async () => {
    for (const res of [await get('/health', {}), await get('/api/users/profile', {}), await get('/api/no-such-route', {})]) {
      expect(csp(res)).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('tokens stay out of URLs', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(() => p.stop());

  it('no route takes a token, password or secret in its query string or a path parameter', async () => {
    const secret = /token|password|secret|authorization|bearer/i;
    const offenders: string[] = [];
    for (const route of p.server.table()) {
      for (const [, param] of route.path.matchAll(/\{(\w+)/g)) if (secret.test(param!)) offenders.push(`${route.method} ${route.path}`);
      const query = route.settings.validate?.query as Joi.Schema | undefined;
      if (query && typeof query.describe === 'function') {
        const keys = Object.keys((query.describe() as { keys?: Record<string, unknown> }).keys ?? {});
        for (const key of keys) if (secret.test(key)) offenders.push(`${route.method} ${route.path} ?${key}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('a bearer token in the query string is not a credential', async () => {
    const pw = 'query token tester';
    await p.server.inject({
      method: 'POST',
      url: '/api/accounts/users',
      payload: { username: 'q@example.com', password: pw, repeatPassword: pw, terms: true },
    });
    const { accessToken } = JSON.parse(
      (await p.server.inject({ method: 'POST', url: '/api/accounts/login', payload: { username: 'q@example.com', password: pw } })).payload,
    );
    expect(
      (await p.server.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${accessToken}` } })).statusCode,
    ).toBe(200);
    for (const key of ['access_token', 'token', 'accessToken', 'authorization']) {
      const res = await p.server.inject({ method: 'GET', url: `/api/users/profile?${key}=${encodeURIComponent(accessToken)}` });
      expect(res.statusCode, key).toBe(401);
    }
  });
});

describe('the logs hold no secrets', () => {
  const capture = () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    return { lines, logger: createLogger({ level: 'debug', stdout: false, destination: destination as never }) };
  };
  const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

  it('authorization headers, tokens, passwords, Uid/uid values and recovery codes are redacted, at any depth', async () => {
    const { lines, logger } = capture();
    logger.info(
      {
        req: {
          headers: { authorization: `Bearer ${jwt}`, cookie: 'tabula-device=v1.abc.def.ghi' },
          url: '/api/boards/X/commands?Uid=guest-secret-1&x=1',
        },
        payload: {
          username: 'ada@example.com',
          password: 'hunter2 hunter2',
          Uid: 'guest-secret-2',
          nested: { deeper: { refreshToken: 'rt-secret-3', uid: 'guest-secret-4' } },
        },
        session: { accessToken: jwt, refreshToken: 'rt-secret-5' },
        clientSecret: 'cs-secret-6',
        code: 'BOARD1',
      },
      'request with Authorization: Bearer abc.def-secret-7',
    );
    logger.error({ err: new Error(`refresh failed for ${jwt} at /accounts/reset-password/reset-secret-8/ada%40example.com`) }, 'failure');
    logger.warn(`a link https://tabula.example/accounts/reset-password/reset-secret-9/ada%40example.com?token=tok-secret-10`);
    const out = lines.join('');
    for (const secret of [
      'hunter2',
      'guest-secret-1',
      'guest-secret-2',
      'rt-secret-3',
      'guest-secret-4',
      'rt-secret-5',
      'cs-secret-6',
      'secret-7',
      'reset-secret-8',
      'reset-secret-9',
      'tok-secret-10',
      jwt,
      'v1.abc.def.ghi',
    ]) {
      expect(out, secret).not.toContain(secret);
    }
    expect(out).toContain(REDACTED);
    // what is not secret stays readable
    expect(out).toContain('ada@example.com');
    expect(out).toContain('BOARD1');
    expect(out).toContain('refresh failed for');
  });

  it('a recovery mail logged without SMTP (the operator reads the outbox, not the code)', async () => {
    const p = await startTestPlatform();
    try {
      const { lines, logger } = capture();
      const link = `${p.config.publicUrl}/accounts/reset-password/the-one-time-code-11/ada%40example.com`;
      await sendMail(
        { config: p.config, db: p.db, logger },
        { to: 'ada@example.com', subject: 'Reset your Tabula password', text: `Open ${link}` },
      );
      const out = lines.join('');
      expect(out).toContain('mail stored in the outbox');
      expect(out).not.toContain('the-one-time-code-11');
      // the outbox (the database) still has the mail to deliver
      expect((await p.db('outbox').where({ to: 'ada@example.com' }).first()).text).toContain('the-one-time-code-11');
    } finally {
      await p.stop();
    }
  });
});
