/** Waits `ms` milliseconds (bench/'s own; the tests have theirs in tests/helpers/hub.ts). */
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
