import { auth, HttpError } from '../ui';
import { accountsApi, type SignedIn } from './api';
import { refreshMe } from './me';

/**
 * What happens after any successful login (password, Google, password reset), panel.md §4:
 *  1. a previous session is logged out (its refresh token revoked; failures ignored);
 *  2. the tokens are stored and the returned `id` becomes the local user id (uid);
 *  3. a guest uid held before (no previous session) is merged into the account:
 *     POST /api/users/migrate/ {uniqueUserId}; `onMerging(true)` shows
 *     'Your local boards are being merged with your account.' meanwhile.
 * A 404 from the migrate route (not deployed yet) is ignored; other failures reject.
 * (The spec also ends the realtime connection here; the panel holds none.)
 */
export async function completeLogin(session: SignedIn, onMerging?: (merging: boolean) => void): Promise<void> {
  const previous = auth.get();
  if (previous.refreshToken) await accountsApi.logout(previous.refreshToken).catch(() => undefined);
  const guestUid = previous.accessToken ? null : previous.uid;
  auth.signIn(session, session.id);
  if (guestUid && guestUid !== session.id) {
    onMerging?.(true);
    try {
      await accountsApi.migrate(guestUid);
    } catch (err) {
      if (!(err instanceof HttpError && err.status === 404)) throw err;
    } finally {
      onMerging?.(false);
    }
  }
  refreshMe();
}

/** Logout: revoke the refresh token (failures ignored) and forget the session. */
export async function logout(): Promise<void> {
  const { refreshToken } = auth.get();
  if (refreshToken) await accountsApi.logout(refreshToken).catch(() => undefined);
  auth.clear();
  auth.ensureGuestUid();
  refreshMe();
}
