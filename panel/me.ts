import { useEffect, useSyncExternalStore } from 'react';
import { BehaviorSubject } from 'rxjs';
import { auth } from '../ui';
import { accountsApi, type Profile } from './api';

export type Me = Profile;

/**
 * Who is signed in (username, display name, avatar) for the shell's header and greeting:
 * GET /api/users/profile, loaded once per session and reloaded after login or a
 * profile save (refreshMe).
 */
const me$ = new BehaviorSubject<Me | null>(null);
let loading: Promise<void> | null = null;
let loadedFor: string | null = null;

function load(force = false): Promise<void> {
  const token = auth.accessToken();
  if (!token) {
    loadedFor = null;
    me$.next(null);
    return Promise.resolve();
  }
  if (!force && (loading || loadedFor === token)) return loading ?? Promise.resolve();
  loadedFor = token;
  loading = accountsApi
    .me()
    .then((me) => me$.next(me))
    .catch(() => undefined)
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Reloads the signed-in user (after login, logout, profile save). */
export function refreshMe(): Promise<void> {
  return load(true);
}

export function useMe(): Me | null {
  useEffect(() => {
    void load();
  }, []);
  return useSyncExternalStore(
    (onChange) => {
      const sub = me$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    () => me$.getValue(),
    () => me$.getValue(),
  );
}

/** The name to greet: display name, else the part of the username before '@'. */
export function nameOf(me: Me | null): string {
  if (!me) return '';
  return me.displayName?.trim() || (me.username ?? '').split('@')[0];
}
