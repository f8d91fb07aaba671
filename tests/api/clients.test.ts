import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../../platform/core/auth';
import { participantKey } from '../../platform/core/identity';
import { insertUser, updateUser } from '../../platform/users/repo';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';

/** Developer apps (panel.md §2, §5, §7 /api/clients) and the participant token exchange. */
describe('developer apps: /api/clients', () => {
  let platform: TestPlatform;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function newUser(plan = 'essential') {
    const user = await insertUser(platform.db, {
      username: `dev-${crypto.randomUUID()}@example.com`,
      passwordHash: null,
      displayName: 'Dev',
    });
    if (plan !== 'essential') await updateUser(platform.db, user.id, { plan });
    const token = signAccessToken(platform.config, { sub: user.id, role: [], plan, lang: 'en', qty: 1, id: user.id });
    return { user, token };
  }

  const inject = (method: string, url: string, token?: string, payload?: object) =>
    platform.server.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(() => platform.stop());

  describe('auth', () => {
    it('answers 401 without a bearer token on every owner route', async () => {
      for (const [method, url] of [
        ['GET', '/api/clients'],
        ['POST', '/api/clients'],
        ['POST', `/api/clients/${crypto.randomUUID()}/regenerate`],
      ] as const) {
        const res = await inject(method, url, undefined, method === 'POST' ? { appName: 'x', terms: true } : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it('refuses a participant token (not a user) with 403', async () => {
      const participant = signAccessToken(platform.config, {
        sub: 'client:tc_x:host-user',
        role: [],
        plan: 'essential',
        lang: 'en',
        qty: 1,
        id: 'host-user',
        client: 'tc_x',
      });
      const res = await inject('GET', '/api/clients', participant);
      expect(res.statusCode).toBe(403);
    });
  });

  describe('create, read, edit', () => {
    it('lists nothing before the app exists', async () => {
      const { token } = await newUser();
      const res = await inject('GET', '/api/clients', token);
      expect(res.statusCode).toBe(200);
      expect(res.result).toEqual([]);
    });

    it('answers field errors appName and terms with the spec texts', async () => {
      const { token } = await newUser();
      const res = await inject('POST', '/api/clients', token, { appName: '  ', terms: false });
      expect(res.statusCode).toBe(400);
      const body = res.result as { message: string; errors: Record<string, string[]> };
      expect(body.errors.appName).toEqual(['App name is required.']);
      expect(body.errors.terms).toEqual(['You must accept the Developer Terms.']);
      expect(body.message).toBe('App name is required.');

      const noTerms = await inject('POST', '/api/clients', token, { appName: 'Acme' });
      expect(noTerms.statusCode).toBe(400);
      expect((noTerms.result as { errors: Record<string, string[]> }).errors).toEqual({ terms: ['You must accept the Developer Terms.'] });
      expect(await inject('GET', '/api/clients', token).then((r) => r.result)).toEqual([]);
    });

    it('rejects an allowed origin that is not an origin', async () => {
      const { token } = await newUser();
      for (const bad of ['example.com', 'https://example.com/path', 'ftp://example.com', 'https://user:pw@example.com']) {
        const res = await inject('POST', '/api/clients', token, { appName: 'Acme', terms: true, allowedOrigins: [bad] });
        expect(res.statusCode, bad).toBe(400);
        expect(Object.keys((res.result as { errors: object }).errors)).toEqual(['allowedOrigins']);
      }
    });

    it('creates the app once with a secret shown only in that answer, stored hashed', async () => {
      const { user, token } = await newUser();
      const res = await inject('POST', '/api/clients', token, {
        appName: 'Acme Whiteboard',
        terms: true,
        allowedOrigins: ['https://Acme.example/', 'http://localhost:5173'],
      });
      expect(res.statusCode).toBe(200);
      const app = res.result as {
        id: string;
        appName: string;
        clientId: string;
        secret: string;
        secretHint: string;
        allowedOrigins: string[];
      };
      expect(app.appName).toBe('Acme Whiteboard');
      expect(app.clientId).toMatch(/^tc_[0-9a-f]{24}$/);
      expect(app.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(app.secretHint).toBe(app.secret.slice(-4));
      expect(app.allowedOrigins).toEqual(['https://acme.example', 'http://localhost:5173']);

      const row = await platform.db('clients').where({ id: app.id }).first();
      expect(row.owner_id).toBe(user.id);
      expect(row.secret_hash).toBe(crypto.createHash('sha256').update(app.secret).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(app.secret);

      const list = await inject('GET', '/api/clients', token);
      expect(list.result).toEqual([
        expect.objectContaining({
          id: app.id,
          appName: 'Acme Whiteboard',
          clientId: app.clientId,
          secret: null,
          secretHint: app.secretHint,
        }),
      ]);
    });

    it('edits the existing app instead of creating a second one (secret unchanged, not shown)', async () => {
      const { token } = await newUser();
      const created = (await inject('POST', '/api/clients', token, { appName: 'First', terms: true })).result as {
        id: string;
        clientId: string;
        secretHint: string;
      };
      const edited = await inject('POST', '/api/clients', token, {
        appName: 'Renamed',
        terms: true,
        allowedOrigins: ['https://a.example'],
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.result).toMatchObject({
        id: created.id,
        clientId: created.clientId,
        appName: 'Renamed',
        secret: null,
        secretHint: created.secretHint,
        allowedOrigins: ['https://a.example'],
      });
      const list = (await inject('GET', '/api/clients', token)).result as unknown[];
      expect(list).toHaveLength(1);
    });

    it("never shows or changes another user's app", async () => {
      const owner = await newUser();
      const other = await newUser();
      const app = (await inject('POST', '/api/clients', owner.token, { appName: 'Mine', terms: true })).result as { id: string };
      expect(await inject('GET', '/api/clients', other.token).then((r) => r.result)).toEqual([]);
      const res = await inject('POST', `/api/clients/${app.id}/regenerate`, other.token);
      expect(res.statusCode).toBe(404);
      expect(await inject('POST', '/api/clients/not-a-uuid/regenerate', other.token).then((r) => r.statusCode)).toBe(404);
    });
  });

  describe('token exchange and regenerate', () => {
    it('exchanges clientId + secret for a short-lived participant token with the app claims', async () => {
      const { user, token } = await newUser('white-label-api');
      const app = (await inject('POST', '/api/clients', token, { appName: 'Tokens', terms: true })).result as {
        clientId: string;
        secret: string;
      };
      const res = await inject('POST', '/api/clients/token', undefined, {
        clientId: app.clientId,
        clientSecret: app.secret,
        uid: 'host-user-42',
        name: 'Ada',
      });
      expect(res.statusCode).toBe(200);
      const body = res.result as { token: string; expiresIn: number };
      expect(body.expiresIn).toBeGreaterThan(0);
      expect(body.expiresIn).toBeLessThanOrEqual(600);
      const claims = verifyAccessToken(platform.config, body.token) as unknown as Record<string, unknown>;
      expect(claims).toMatchObject({
        sub: `client:${app.clientId}:host-user-42`,
        client: app.clientId,
        id: participantKey(app.clientId, 'host-user-42'),
        plan: 'white-label-api',
        name: 'Ada',
      });
      expect((claims.exp as number) - (claims.iat as number)).toBe(body.expiresIn);
      expect(claims.sub).not.toContain(user.id);
      const row = await platform.db('clients').where({ client_id: app.clientId }).first();
      expect(row.last_session_at).not.toBeNull();
    });

    it('answers 401 for a wrong secret or an unknown client, 400 for a bad uid', async () => {
      const { token } = await newUser();
      const app = (await inject('POST', '/api/clients', token, { appName: 'Wrong', terms: true })).result as {
        clientId: string;
        secret: string;
      };
      const wrong = await inject('POST', '/api/clients/token', undefined, {
        clientId: app.clientId,
        clientSecret: `${app.secret}x`,
        uid: 'u1',
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.result).toMatchObject({ message: 'Invalid client credentials.' });
      const unknown = await inject('POST', '/api/clients/token', undefined, { clientId: 'tc_nope', clientSecret: app.secret, uid: 'u1' });
      expect(unknown.statusCode).toBe(401);
      const badUid = await inject('POST', '/api/clients/token', undefined, {
        clientId: app.clientId,
        clientSecret: app.secret,
        uid: 'has space',
      });
      expect(badUid.statusCode).toBe(400);
      expect(Object.keys((badUid.result as { errors: object }).errors)).toEqual(['uid']);
      const missing = await inject('POST', '/api/clients/token', undefined, { clientId: app.clientId, clientSecret: app.secret });
      expect(missing.statusCode).toBe(400);
    });

    it('regenerate shows a new secret once and the old one stops working', async () => {
      const { token } = await newUser();
      const app = (await inject('POST', '/api/clients', token, { appName: 'Rotate', terms: true })).result as {
        id: string;
        clientId: string;
        secret: string;
      };
      const res = await inject('POST', `/api/clients/${app.id}/regenerate`, token);
      expect(res.statusCode).toBe(200);
      const fresh = res.result as { secret: string; secretHint: string; clientId: string };
      expect(fresh.clientId).toBe(app.clientId);
      expect(fresh.secret).not.toBe(app.secret);
      expect(fresh.secretHint).toBe(fresh.secret.slice(-4));

      const old = await inject('POST', '/api/clients/token', undefined, { clientId: app.clientId, clientSecret: app.secret, uid: 'u1' });
      expect(old.statusCode).toBe(401);
      const ok = await inject('POST', '/api/clients/token', undefined, { clientId: app.clientId, clientSecret: fresh.secret, uid: 'u1' });
      expect(ok.statusCode).toBe(200);
      expect((await inject('GET', '/api/clients', token)).result).toEqual([
        expect.objectContaining({ secret: null, secretHint: fresh.secretHint }),
      ]);
    });

    it('the participant token authenticates on a jwt route as a non-user (403 there, not 401)', async () => {
      const { token } = await newUser();
      const app = (await inject('POST', '/api/clients', token, { appName: 'Jwt', terms: true })).result as {
        clientId: string;
        secret: string;
      };
      const participant = (
        (await inject('POST', '/api/clients/token', undefined, { clientId: app.clientId, clientSecret: app.secret, uid: 'p1' })).result as {
          token: string;
        }
      ).token;
      expect((await inject('GET', '/api/clients', participant)).statusCode).toBe(403);
    });
  });

  it("a participant token acts as the host's user, keyed in the app's namespace, on board routes (no Tabula user behind it)", async () => {
    const { token } = await newUser();
    const app = (await inject('POST', '/api/clients', token, { appName: 'Boards', terms: true })).result as {
      clientId: string;
      secret: string;
    };
    const participant = (
      (await inject('POST', '/api/clients/token', undefined, { clientId: app.clientId, clientSecret: app.secret, uid: 'host-user-7' }))
        .result as { token: string }
    ).token;
    const created = await inject('POST', '/api/boards', participant, { Uid: 'host-user-7' });
    expect(created.statusCode, created.payload).toBe(200);
    const { code } = created.result as { code: string };
    const row = await platform.db('boards').where({ code }).first();
    expect(row.owner_id).toBeNull();
    expect(row.owner_uid).toBe(participantKey(app.clientId, 'host-user-7'));
    const load = await inject('GET', `/api/boards/${code}/commands?Uid=host-user-7`, participant);
    expect(load.statusCode, load.payload).toBe(200);
  });

  describe('embed check and recorded origins', () => {
    it('allows any origin without an allowlist and records each origin', async () => {
      const { token } = await newUser();
      const app = (await inject('POST', '/api/clients', token, { appName: 'Open', terms: true })).result as { clientId: string };
      for (let i = 0; i < 2; i++) {
        const res = await inject('GET', `/api/clients/${app.clientId}/embed-check?origin=${encodeURIComponent('https://host.example')}`);
        expect(res.statusCode).toBe(200);
        expect(res.result).toEqual({
          appName: 'Open',
          clientId: app.clientId,
          whiteLabel: false,
          allowedOrigins: ['https://host.example'],
        });
      }
      const list = (await inject('GET', '/api/clients', token)).result as Array<{
        origins: Array<{ origin: string; embeds: number; refusals: number }>;
      }>;
      expect(list[0]!.origins).toEqual([expect.objectContaining({ origin: 'https://host.example', embeds: 2, refusals: 0 })]);
    });

    it('refuses an origin outside the allowlist with a clear message and records the refusal', async () => {
      const { token } = await newUser('white-label-api');
      const app = (
        await inject('POST', '/api/clients', token, { appName: 'Closed', terms: true, allowedOrigins: ['https://good.example'] })
      ).result as { clientId: string };
      const ok = await inject('GET', `/api/clients/${app.clientId}/embed-check?origin=https://good.example`);
      expect(ok.statusCode).toBe(200);
      expect(ok.result).toMatchObject({ whiteLabel: true, allowedOrigins: ['https://good.example'] });
      const refused = await inject('GET', `/api/clients/${app.clientId}/embed-check?origin=https://evil.example`);
      expect(refused.statusCode).toBe(403);
      expect(refused.result).toMatchObject({ message: 'This board cannot be embedded on https://evil.example.' });
      const list = (await inject('GET', '/api/clients', token)).result as Array<{
        origins: Array<{ origin: string; embeds: number; refusals: number }>;
      }>;
      expect(list[0]!.origins).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ origin: 'https://good.example', embeds: 1, refusals: 0 }),
          expect.objectContaining({ origin: 'https://evil.example', embeds: 0, refusals: 1 }),
        ]),
      );
    });

    it('answers 404 for an unknown app and 400 for a malformed origin', async () => {
      expect((await inject('GET', '/api/clients/tc_unknown/embed-check?origin=https://a.example')).statusCode).toBe(404);
      const { token } = await newUser();
      const app = (await inject('POST', '/api/clients', token, { appName: 'Bad origin', terms: true })).result as { clientId: string };
      const res = await inject('GET', `/api/clients/${app.clientId}/embed-check?origin=not-an-origin`);
      expect(res.statusCode).toBe(400);
      expect(Object.keys((res.result as { errors: object }).errors)).toEqual(['origin']);
    });
  });

  it('documents the routes in the OpenAPI document', async () => {
    const doc = JSON.parse((await platform.server.inject('/documents/api/openapi.json')).payload);
    for (const path of ['/api/clients', '/api/clients/{id}/regenerate', '/api/clients/token', '/api/clients/{clientId}/embed-check'])
      expect(doc.paths[path], path).toBeDefined();
  });
});
