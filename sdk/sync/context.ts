import type { Notice, SyncPhase } from './types';

/**
 * What the parts of one board session share (SyncClient provides it): the session's phase, the
 * toasts and errors it reports, and whether it was closed (after which nothing is reported).
 */
export interface SessionContext {
  readonly closed: boolean;
  readonly phase: SyncPhase;
  setState(phase: SyncPhase, percent?: number, error?: string): void;
  notify(notice: Notice): void;
  dismiss(key: string): void;
  /** errors$: a failure the caller may want to log or show */
  error(message: string, error?: unknown): void;
}
