import { http, type TokenPair } from '../ui';

/**
 * The panel's calls to the accounts and users API (panel.md §7), typed. Everything goes
 * through the one HTTP layer (bearer token, Uid, refresh, busy counter).
 */
export interface SessionResult extends TokenPair {
  /** the claim id the client keeps as its local user id */
  id: string;
  expiresIn?: number;
}

/**
 * Profile (panel.md §3) as GET /api/users/profile answers it: avatar is the image's URL
 * (GET /api/users/{userId}/images) or null; hasPassword drives the current-password field.
 */
export interface Profile {
  id?: string;
  username?: string;
  displayName: string;
  avatar?: string | null;
  language?: 'en' | 'fa' | string | null;
  role?: number | null;
  hasPassword?: boolean;
  roles?: string[];
  plan?: string;
}

/** avatar: a data URL replaces the image, null removes it, the URL it was given keeps it. */
export interface ProfileUpdate {
  displayName: string;
  avatar: string | null;
  language: string;
  role: number;
}

/** The saved profile comes back with a fresh access token (its claims may have changed). */
export type SavedProfile = Profile & { accessToken: string; expiresIn: number };

/** GET /api/accounts/providers: the sign-in providers the server offers besides e-mail and password. */
export interface AuthProviders {
  google: boolean;
}

export const accountsApi = {
  login: (body: { username: string; password: string }) => http.post<SessionResult>('/api/accounts/login', body),
  signup: (body: { username: string; password: string; repeatPassword: string; terms: boolean; invitation?: string | null }) =>
    http.post<{ message: string }>('/api/accounts/users', body),
  requestRecovery: (body: { email: string }) => http.post<{ message: string }>('/api/accounts/password/reset-password', body),
  resetPassword: (body: { password: string; confirmPassword: string; code: string; email: string }) =>
    http.post<SessionResult>('/api/accounts/password/reset', body),
  /** failures are ignored by the callers (panel.md §7) */
  logout: (refreshToken: string) => http.post<void>('/api/accounts/logout', { refreshToken }, { silent: true }),
  migrate: (uniqueUserId: string) => http.post<unknown>('/api/users/migrate/', { uniqueUserId }, { silent: true }),
  /** which sign-in providers the server offers (no toasts when it fails: then none is shown) */
  providers: () => http.get<AuthProviders>('/api/accounts/providers', undefined, { silent: true }),
  /** the signed-in user for the shell (no toasts when it fails) */
  me: () => http.get<Profile>('/api/users/profile', undefined, { silent: true }),
  profile: () => http.get<Profile>('/api/users/profile'),
  saveProfile: (body: ProfileUpdate) => http.post<SavedProfile>('/api/users/profile', body),
  changePassword: (body: { current?: string; password: string; confirmPassword: string }) =>
    http.post<SessionResult>('/api/change-password', body),
};
