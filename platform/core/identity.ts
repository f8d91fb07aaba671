import crypto from 'node:crypto';

/**
 * Identity keys (docs/security.md "Identity and trust"). Who is asking is decided by a
 * credential, never by an identifier the client merely names:
 *
 *  - a registered user is their bearer token; their key is their user id (a UUID);
 *  - a guest holds a secret (the roaming `uid` the board page keeps in localStorage and sends as
 *    `Uid` / joinBoard's `options.uid`). The server never stores or sends the secret: it keys the
 *    guest by `g_` + 32 hex of its SHA-256, and that key is what member lists, chat, comments,
 *    commands and events carry. Knowing a key does not let anyone present the secret behind it,
 *    and no secret can name a user id (UUIDs never start with `g_`). A board embedded without a
 *    participant token (`?clientid=…&uid=…`) is such a guest: its uid is its secret;
 *  - a developer app's participant (a token minted by POST /api/clients/token) lives in the app's
 *    own namespace: `a_` + 32 hex of SHA-256 over the app's client id and the host's uid, so a
 *    participant token never reaches what a platform user (or another app's participant) of
 *    the same id holds.
 */
export const GUEST_PREFIX = 'g_';
export const PARTICIPANT_PREFIX = 'a_';

const digest = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 32);

/** The key a guest is known by, from the secret it holds. */
export function guestKey(secret: string): string {
  return GUEST_PREFIX + digest(secret);
}

/** The key of a developer app's participant: the host's uid, scoped by the app. */
export function participantKey(clientId: string, uid: string): string {
  return PARTICIPANT_PREFIX + digest(`${clientId}\n${uid}`);
}

export const isGuestKey = (key: string | null | undefined): boolean => !!key && key.startsWith(GUEST_PREFIX);
