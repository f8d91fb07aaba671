import Jwt from '@hapi/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { png } from '../helpers/png';

/** A JPEG header (SOI, APP0, SOF0 with the dimensions, EOI): what the server reads. */
function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x01, 0x01, 0x11, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe('users API: profile, images, security stamp', () => {
  let p: TestPlatform;
  let token: string;
  let userId: string;
  beforeAll(async () => {
    p = await startTestPlatform();
    await p.server.inject({
      method: 'POST',
      url: '/api/accounts/users',
      payload: { username: 'profile@example.com', password: 'profile passphrase 1', repeatPassword: 'profile passphrase 1', terms: true },
    });
    const session = JSON.parse(
      (
        await p.server.inject({
          method: 'POST',
          url: '/api/accounts/login',
          payload: { username: 'profile@example.com', password: 'profile passphrase 1' },
        })
      ).payload,
    );
    token = session.accessToken;
    userId = session.id;
  });
  afterAll(() => p.stop());

  const auth = () => ({ authorization: `Bearer ${token}` });
  const getProfile = async () => JSON.parse((await p.server.inject({ url: '/api/users/profile', headers: auth() })).payload);
  const save = (payload: object) => p.server.inject({ method: 'POST', url: '/api/users/profile', payload, headers: auth() });
  const base = { displayName: 'Ada', language: 'en', role: 100 };
  const avatarError = async (avatar: string) => {
    const res = await save({ ...base, avatar });
    expect(res.statusCode).toBe(400);
    return JSON.parse(res.payload).errors.avatar;
  };

  it('answers the profile with its defaults', async () => {
    expect(await getProfile()).toEqual({
      id: userId,
      username: 'profile@example.com',
      displayName: '',
      avatar: null,
      language: 'en',
      role: 100,
      hasPassword: true,
      roles: [],
      plan: 'essential',
    });
  });

  it('saves the profile and answers it with a fresh access token', async () => {
    const res = await save({ displayName: '  Ada Lovelace ', language: 'fa', role: 5, Uid: userId });
    expect(res.statusCode).toBe(200);
    const saved = JSON.parse(res.payload);
    expect(saved).toMatchObject({ displayName: 'Ada Lovelace', language: 'fa', role: 5, avatar: null });
    expect(Jwt.token.decode(saved.accessToken).decoded.payload).toMatchObject({ sub: userId, lang: 'fa' });
    expect(await getProfile()).toMatchObject({ displayName: 'Ada Lovelace', language: 'fa', role: 5 });
  });

  it('answers field errors for displayName, language and role', async () => {
    const cases: Array<[object, string, string]> = [
      [{ ...base, displayName: '' }, 'displayName', 'Display name is required.'],
      [{ language: 'en', role: 100 }, 'displayName', 'Display name is required.'],
      [{ ...base, displayName: 'x'.repeat(101) }, 'displayName', 'Display name must be at most 100 characters.'],
      [{ ...base, language: 'de' }, 'language', 'Language must be en or fa.'],
      [{ ...base, role: 4 }, 'role', 'Unknown role.'],
    ];
    for (const [payload, field, text] of cases) {
      const res = await save(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.parse(res.payload).errors[field]).toEqual([text]);
    }
  });

  it('stores a PNG avatar and serves it', async () => {
    const image = png(64, 48);
    const res = await save({ ...base, avatar: dataUrl('image/png', image) });
    expect(res.statusCode).toBe(200);
    const { avatar } = JSON.parse(res.payload);
    expect(avatar).toMatch(new RegExp(`^${p.config.publicUrl}/api/users/${userId}/images\\?v=`));
    const served = await p.server.inject(new URL(avatar).pathname + new URL(avatar).search);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(image)).toBe(true);
    expect((await getProfile()).avatar).toBe(avatar);
  });

  it('keeps the avatar when it is omitted or sent back as its URL', async () => {
    const { avatar } = await getProfile();
    expect(JSON.parse((await save(base)).payload).avatar).toBe(avatar);
    expect(JSON.parse((await save({ ...base, avatar })).payload).avatar).toBe(avatar);
  });

  it('stores a JPEG avatar, its type read from the file itself', async () => {
    const image = jpeg(120, 200);
    const res = await save({ ...base, avatar: dataUrl('image/jpeg', image) });
    expect(res.statusCode).toBe(200);
    const served = await p.server.inject(`/api/users/${userId}/images`);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(image)).toBe(true);
  });

  it('refuses small, oversized, too wide and foreign images under avatar', async () => {
    expect(await avatarError(dataUrl('image/png', png(10, 64)))).toEqual(['Image is too small.']);
    expect(await avatarError(dataUrl('image/jpeg', jpeg(64, 15)))).toEqual(['Image is too small.']);
    expect(await avatarError(dataUrl('image/png', png(300, 100)))).toEqual(['Image must be at most 200 pixels on its longer side.']);
    const big = Buffer.concat([png(64, 64), Buffer.alloc(2 * 1024 * 1024)]);
    expect(await avatarError(dataUrl('image/png', big))).toEqual(['Image size must be less than 2MB.']);
    expect(await avatarError(dataUrl('image/gif', Buffer.from('GIF89a\x10\x00\x10\x00', 'latin1')))).toEqual([
      'Only PNG and JPEG images are accepted.',
    ]);
    expect(await avatarError(dataUrl('image/png', Buffer.from('not an image')))).toEqual(['Only PNG and JPEG images are accepted.']);
    expect(await avatarError('https://elsewhere.example.com/me.png')).toEqual(['Only PNG and JPEG images are accepted.']);
    // the image stored before is untouched
    expect((await p.server.inject(`/api/users/${userId}/images`)).statusCode).toBe(200);
  });

  it('answers a body far over the limit as a too-large image too', async () => {
    const huge = Buffer.concat([png(64, 64), Buffer.alloc(5 * 1024 * 1024)]);
    expect(await avatarError(dataUrl('image/png', huge))).toEqual(['Image size must be less than 2MB.']);
  });

  it('removes the avatar with null', async () => {
    const res = await save({ ...base, avatar: null });
    expect(JSON.parse(res.payload).avatar).toBeNull();
    expect((await p.server.inject(`/api/users/${userId}/images`)).statusCode).toBe(404);
  });

  it('answers 404 for users without an image or unknown ids', async () => {
    expect((await p.server.inject('/api/users/00000000-0000-0000-0000-000000000000/images')).statusCode).toBe(404);
    expect((await p.server.inject('/api/users/not-a-uuid/images')).statusCode).toBe(404);
  });

  it('answers the security stamp', async () => {
    const res = await p.server.inject({ url: '/api/users/profile/security-stamp', headers: auth() });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.payload).securityStamp).toMatch(/^[0-9a-f]{16,}$/);
  });

  it('needs a valid bearer token', async () => {
    for (const [method, url] of [
      ['GET', '/api/users/profile'],
      ['POST', '/api/users/profile'],
      ['GET', '/api/users/profile/security-stamp'],
    ]) {
      expect((await p.server.inject({ method: method!, url: url!, payload: method === 'POST' ? base : undefined })).statusCode).toBe(401);
    }
    const { iat: _iat, exp: _exp, ...claims } = Jwt.token.decode(token).decoded.payload;
    const expired = Jwt.token.generate(
      claims,
      { key: p.config.accessTokenSecret, algorithm: 'HS256' },
      { ttlSec: 60, now: Date.now() - 3_600_000 },
    );
    const res = await p.server.inject({ url: '/api/users/profile', headers: { authorization: `Bearer ${expired}` } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['token-expired']).toBe('true');
  });

  it('documents the routes in the OpenAPI document', async () => {
    const doc = JSON.parse((await p.server.inject('/documents/api/openapi.json')).payload);
    for (const path of ['/api/users/profile', '/api/users/profile/security-stamp', '/api/users/{userId}/images'])
      expect(doc.paths[path], path).toBeDefined();
  });
});
