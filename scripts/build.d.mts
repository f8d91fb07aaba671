/** scripts/build.mjs: builds every part (or, with ifStale, those older than their sources); true when it built. */
export function build(options?: { ifStale?: boolean }): boolean;
export const PARTS: Array<{ name: string; stamp: string; sources: string[]; script: string }>;
