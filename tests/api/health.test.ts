import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';

describe('platform boot', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(() => platform.stop());

  it('answers the health route with the database state', async () => {
    const res = await platform.server.inject('/health');
    expect(res.statusCode).toBe(200);
    expect(res.result).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('redirects the empty path and /panel to the home url', async () => {
    for (const url of ['/', '/panel']) {
      const res = await platform.server.inject(url);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/panel/home');
    }
  });

  it('answers unknown API paths with the error envelope', async () => {
    const res = await platform.server.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.result).toMatchObject({ message: expect.any(String) });
  });

  it('serves the OpenAPI document generated from the joi schemas', async () => {
    const res = await platform.server.inject('/documents/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.payload).paths['/health']).toBeDefined();
  });

  it('sends secure headers', async () => {
    const res = await platform.server.inject('/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age');
  });
});
