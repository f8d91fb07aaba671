/**
 * The browser features the board cannot work without (board.md §8 'Old browser'), each one the
 * code relies on with no fallback:
 *
 * - WebSocket: the hub connection (sdk/sync/nes-transport.ts).
 * - PointerEvent: every tool's input — mouse, pen and touch (sdk/editor/dom-input.ts).
 * - ResizeObserver: the canvas follows its container's size (sdk/engine/renderer.ts).
 * - structuredClone: the editor copies shapes (sdk/editor/editor.ts, clipboard).
 * - Object.hasOwn: the command and shape checks shared with the server (shared/shape-check.ts).
 *
 * structuredClone is the newest of them (Chrome 98, Firefox 94, Safari 15.4): what passes this
 * check is a browser the board is built for (the bundle's ES2022 target is older).
 */
export const REQUIRED_FEATURES = ['WebSocket', 'PointerEvent', 'ResizeObserver', 'structuredClone', 'Object.hasOwn'] as const;

/** The required features `scope` lacks (none: a supported browser). */
export function missingFeatures(scope: object = globalThis): string[] {
  const has = (name: string) => {
    let value: unknown = scope;
    for (const part of name.split('.')) {
      value = value === null || value === undefined ? undefined : (value as Record<string, unknown>)[part];
    }
    return typeof value === 'function';
  };
  return REQUIRED_FEATURES.filter((name) => !has(name));
}
