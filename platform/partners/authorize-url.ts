/**
 * The authorize-partner return address (docs/embedding.md "Integrate with Your Website"): the
 * partner's site names `returnUrl`; we only ever redirect to an https address (or http on the
 * loopback host, for a partner developing locally) whose origin the partner registered in its
 * profile. Anything else is refused, so the flow is never an open redirect.
 */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The origin of an address we may send a browser to (https, or http on the loopback host), or null. */
export function safeOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))) return url.origin;
  return null;
}

/** A registered origin as typed: exactly an origin (scheme, host, port; no path). */
export const isRegistrableOrigin = (value: string): boolean => safeOrigin(value) === value;

/**
 * The redirect the authorize answer gives: returnUrl with state, customer (e-mail) and customerId
 * added to its query (existing parameters kept; ours replace same-named ones). null when the
 * returnUrl is not an address of one of `origins`.
 */
export function authorizeRedirect(
  returnUrl: string,
  origins: readonly string[],
  values: { state: string; customer: string; customerId: string },
): string | null {
  const origin = safeOrigin(returnUrl);
  if (!origin || !origins.includes(origin)) return null;
  const url = new URL(returnUrl);
  url.searchParams.set('state', values.state);
  url.searchParams.set('customer', values.customer);
  url.searchParams.set('customerId', values.customerId);
  return url.toString();
}
