import type { Server } from '@hapi/hapi';
import { badRequest, type FieldErrors } from './errors';

/**
 * Hostile input, refused before any route or hub method sees it (docs/security.md "Hostile
 * input"): PostgreSQL cannot store a NUL character (U+0000) in text or JSON, nor a lone UTF-16
 * surrogate in jsonb (the `::jsonb` cast of such a command failed, and with it every honest
 * command of the same group commit); and a value nested thousands of levels deep overflows the
 * stack of any recursive walk (JSON.stringify, joi customs, loggers). One iterative walk checks
 * every string and every key of a value at every depth up to INPUT_MAX_DEPTH and refuses
 * anything nested deeper; the sender alone gets a 400 naming the field.
 */

/** The deepest nesting of objects and arrays accepted in any input (a board command needs about a dozen). */
export const INPUT_MAX_DEPTH = 64;
/** At most this many fields are named in one refusal. */
const MAX_REPORTED = 10;

export const NUL_REFUSED = 'must not contain the NUL character';
export const SURROGATE_REFUSED = 'must not contain a lone surrogate (it is not valid Unicode)';
export const TOO_DEEP = `is nested too deeply (at most ${INPUT_MAX_DEPTH} levels)`;

export interface InputProblem {
  /** the field's path, joined by '.' ('*' for the value itself) */
  field: string;
  /** the refusal's text, starting with the field */
  text: string;
}

const isWellFormed = (s: string): boolean => (s as string & { isWellFormed(): boolean }).isWellFormed();
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A key as it can be named in an answer: NUL as `\0`, a lone surrogate as `\udXXX`. */
function printable(key: string): string {
  const noNul = key.includes('\u0000') ? key.replace(/\u0000/g, '\\0') : key;
  return isWellFormed(noNul) ? noNul : noNul.replace(LONE_SURROGATE, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/** What is wrong with a string, or null. */
function stringProblem(s: string): string | null {
  if (s.includes('\u0000')) return NUL_REFUSED;
  if (!isWellFormed(s)) return SURROGATE_REFUSED;
  return null;
}

/** Only plain data is walked: JSON objects and arrays (never streams, buffers or class instances). */
function isPlainContainer(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

interface Node {
  value: unknown;
  key: string | null;
  parent: Node | null;
  /** how many objects/arrays enclose this value */
  depth: number;
}

function pathOf(node: Node, base: readonly string[]): string {
  const keys: string[] = [];
  for (let n: Node | null = node; n && n.key !== null; n = n.parent) keys.push(n.key);
  const path = [...base, ...keys.reverse()];
  return path.length ? path.join('.') : '*';
}

/**
 * The problems of `value` (every string and key at every depth), in the order met, at most
 * MAX_REPORTED: a NUL character, a lone surrogate, or nesting deeper than INPUT_MAX_DEPTH (the
 * walk does not descend past it). Iterative: no input can overflow the stack.
 */
export function inputProblems(value: unknown, base: readonly string[] = []): InputProblem[] {
  const out: InputProblem[] = [];
  const report = (node: Node, text: string, key?: string) => {
    const field = key === undefined ? pathOf(node, base) : pathOf({ value: null, key: printable(key), parent: node, depth: 0 }, base);
    out.push({ field, text: `${field} ${text}.` });
  };
  const stack: Node[] = [{ value, key: null, parent: null, depth: 0 }];
  while (stack.length && out.length < MAX_REPORTED) {
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === 'string') {
      const problem = stringProblem(v);
      if (problem) report(node, problem);
      continue;
    }
    if (!v || typeof v !== 'object' || !isPlainContainer(v)) continue;
    if (node.depth >= INPUT_MAX_DEPTH) {
      report(node, TOO_DEEP);
      continue;
    }
    const depth = node.depth + 1;
    // pushed in reverse so that fields are met (and named) in their order
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: String(i), parent: node, depth });
    } else {
      const keys = Object.keys(v).filter((key) => {
        const problem = stringProblem(key);
        if (problem) report(node, problem, key);
        return !problem;
      });
      for (let i = keys.length - 1; i >= 0; i--)
        stack.push({ value: (v as Record<string, unknown>)[keys[i]!], key: keys[i]!, parent: node, depth });
    }
  }
  return out;
}

/** A 400 in the error envelope naming each bad field of `value` (paths under `base`); null when it is clean. */
export function inputRefusal(value: unknown, base: readonly string[] = []): ReturnType<typeof badRequest> | null {
  const problems = inputProblems(value, base);
  if (!problems.length) return null;
  const errors = new Map<string, string[]>();
  for (const { field, text } of problems) errors.set(field, [...(errors.get(field) ?? []), text]);
  return badRequest(problems[0]!.text, Object.fromEntries(errors) as FieldErrors);
}

/** The paths of the fields of `value` that hold a NUL character (kept for the older tests and callers). */
export function nulFields(value: unknown): string[] {
  return inputProblems(value)
    .filter((p) => p.text.endsWith(`${NUL_REFUSED}.`))
    .map((p) => p.field);
}

/**
 * Every route: params, query and a parsed payload are checked after authentication and before
 * validation (hapi parses JSON iteratively; nothing recursive has seen the payload yet).
 */
export function registerInputGuard(server: Server): void {
  server.ext('onPostAuth', (request, h) => {
    const { payload } = request;
    const refusal =
      inputRefusal(request.params) ??
      inputRefusal(request.query) ??
      (typeof payload === 'string'
        ? inputRefusal(payload, ['payload'])
        : payload && typeof payload === 'object'
          ? inputRefusal(payload)
          : null);
    if (refusal) throw refusal;
    return h.continue;
  });
}
