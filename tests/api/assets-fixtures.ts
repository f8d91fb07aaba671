import sharp from 'sharp';
import type { TestPlatform } from '../helpers/platform';
import { uidOf, type Who } from './boards-fixtures';

/** Helpers of the asset tests (tests/api/assets*.test.ts). */

/** POST /api/boards/{code}/assets as multipart, as the board's upload does it. */
export async function upload(
  p: TestPlatform,
  who: Who | null,
  code: string,
  file: { name: string; data: Buffer; type?: string } | null,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (who && !who.token) form.append('Uid', uidOf(who));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  const headers: Record<string, string> = { 'content-type': request.headers.get('content-type')! };
  if (who?.token) headers.authorization = `Bearer ${who.token}`;
  const res = await p.server.inject({ method: 'POST', url: `/api/boards/${code}/assets`, headers, payload });
  return { status: res.statusCode, body: JSON.parse(res.payload) };
}

/** A PNG of one colour, `w`×`h`. */
export const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
    .png()
    .toBuffer();
