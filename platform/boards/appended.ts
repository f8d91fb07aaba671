import type { Command } from '../../shared/model';
import type { Actor } from '../core/actor';
import type { Db } from '../db/index';

/**
 * Who wants to know of each accepted command (the back-office's usage counts, docs/backoffice.md
 * "Usage facts"): observers registered per database, called by `appendCommand` once the command
 * is stored and published — synchronously, so an observer must only note it (a map increment)
 * and never throw or wait. Boards know nothing of what observers do with it.
 */
export type AppendObserver = (command: Command, actor: Actor) => void;

const observers = new WeakMap<object, AppendObserver[]>();

/** Registers `observer` for the commands appended through `app`; answers its removal. */
export function observeAppends(app: { db: Db }, observer: AppendObserver): () => void {
  const list = observers.get(app.db) ?? [];
  observers.set(app.db, [...list, observer]);
  return () =>
    observers.set(
      app.db,
      (observers.get(app.db) ?? []).filter((o) => o !== observer),
    );
}

/** Tells the observers of `app` of an appended command (a failing observer is skipped). */
export function appended(app: { db: Db }, command: Command, actor: Actor): void {
  const list = observers.get(app.db);
  if (!list) return;
  for (const observe of list) {
    try {
      observe(command, actor);
    } catch {
      // an observer only counts; the command is stored whatever it does
    }
  }
}
