import type { Server } from '@hapi/hapi';
import { badRequest, type FieldErrors } from './errors';

export const NUL_REFUSED = 'must not contain the NUL character';

/**
 * The paths (`a.b.0`) of strings, and of keys, in `value` that hold a NUL character (U+0000).
 * PostgreSQL cannot store one in text or JSON, so such input is refused before it reaches a
 * route or a hub method: a 400 naming the field, never a 500.
 */
export function nulFields(value: unknown, path: string[] = [], out: string[] = [], depth = 0): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push(path.join('.') || '*');
  } else if (value && typeof value === 'object' && depth < 64 && !Buffer.isBuffer(value) && !ArrayBuffer.isView(value)) {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [key, v] of entries) {
      if (key.includes('\u0000')) out.push([...path, key.replace(/\u0000/g, '\\0')].join('.'));
      else nulFields(v, [...path, key], out, depth + 1);
    }
  }
  return out;
}

/** A 400 in the error envelope when `value` holds a NUL character; null otherwise. */
export function nulRefusal(value: unknown, path: string[] = []): ReturnType<typeof badRequest> | null {
  const fields = nulFields(value, path);
  if (!fields.length) return null;
  const errors: FieldErrors = Object.fromEntries(fields.map((f) => [f, [`${f} ${NUL_REFUSED}.`]]));
  return badRequest(`${fields[0]} ${NUL_REFUSED}.`, errors);
}

/** Every route: params, query and a parsed payload are checked before validation. */
export function registerNulGuard(server: Server): void {
  server.ext('onPostAuth', (request, h) => {
    const refusal = nulRefusal(request.params) ?? nulRefusal(request.query) ?? (typeof request.payload === 'object' ? nulRefusal(request.payload) : null);
    if (refusal) throw refusal;
    return h.continue;
  });
}
