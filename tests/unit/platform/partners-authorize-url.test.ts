/**
 * The authorize-partner return address (platform/partners/authorize-url.ts; docs/embedding.md
 * "Integrate with Your Website"): only https, or http on the loopback host, on an origin the
 * partner registered; the answer adds state, customer and customerId and keeps the rest.
 */
import { describe, expect, it } from 'vitest';
import { authorizeRedirect, isRegistrableOrigin, safeOrigin } from '../../../platform/partners/authorize-url';

const values = { state: 'a b&c', customer: 'ann@example.com', customerId: '3f0c0000-0000-4000-8000-000000000000' };

describe('safeOrigin and registrable origins', () => {
  it('accepts https anywhere and http only on the loopback host', () => {
    expect(safeOrigin('https://shop.example/x?y=1')).toBe('https://shop.example');
    expect(safeOrigin('https://shop.example:8443/')).toBe('https://shop.example:8443');
    expect(safeOrigin('http://localhost:5173/cb')).toBe('http://localhost:5173');
    expect(safeOrigin('http://127.0.0.1:9/cb')).toBe('http://127.0.0.1:9');
    expect(safeOrigin('http://[::1]:9/cb')).toBe('http://[::1]:9');
    for (const bad of [
      'http://shop.example/',
      'javascript:alert(1)',
      'data:text/html,x',
      '//shop.example',
      'https://u:p@shop.example/',
      'ftp://shop.example',
      'nope',
    ])
      expect(safeOrigin(bad), bad).toBeNull();
  });

  it('registers exact origins only (no path, no trailing slash)', () => {
    expect(isRegistrableOrigin('https://shop.example')).toBe(true);
    expect(isRegistrableOrigin('https://shop.example/')).toBe(false);
    expect(isRegistrableOrigin('https://shop.example/path')).toBe(false);
    expect(isRegistrableOrigin('http://shop.example')).toBe(false);
    expect(isRegistrableOrigin('HTTPS://SHOP.EXAMPLE')).toBe(false);
  });
});

describe('authorizeRedirect', () => {
  const origins = ['https://shop.example'];

  it('adds state, customer and customerId, keeping the existing query and fragment', () => {
    const url = new URL(authorizeRedirect('https://shop.example/cb?keep=1&state=old#top', origins, values)!);
    expect(url.pathname).toBe('/cb');
    expect(url.hash).toBe('#top');
    expect(Object.fromEntries(url.searchParams)).toEqual({ keep: '1', ...values });
  });

  it('refuses any address off the registered origins', () => {
    for (const bad of [
      'https://evil.example/cb',
      'https://shop.example.evil.example/cb',
      'https://shop.example:444/cb',
      'http://shop.example/cb',
      'https://shop.example@evil.example/cb',
      '/relative/cb',
    ])
      expect(authorizeRedirect(bad, origins, values), bad).toBeNull();
    expect(authorizeRedirect('https://shop.example/cb', [], values)).toBeNull();
  });
});
