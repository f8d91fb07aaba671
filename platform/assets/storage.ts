import type { Readable } from 'node:stream';

/**
 * Where the bytes of assets live (docs/assets.md "Storage"): one interface, two drivers —
 * files under DATA_DIR/assets on the embedded default (./fs-storage.ts), an S3-compatible bucket
 * when S3_BUCKET is set (./s3-storage.ts), which every node of a scaled-out install shares.
 * Keys are `<asset id>/<variant>` (variants: ./variants.ts); a key is written once and never
 * changed, so nodes need no coordination beyond the assets table.
 */
export interface StoredObject {
  body: Readable;
  bytes: number;
  contentType: string;
}

export interface AssetStorage {
  readonly kind: 'files' | 's3';
  /** Stores `data` under `key` (replacing nothing: keys are new). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes every object whose key starts with `prefix` (an asset's variants). */
  removePrefix(prefix: string): Promise<void>;
}

/** The whole object at `key` in memory (assets are at most a few MB: copies, backups, pages), or null. */
export async function readObject(storage: AssetStorage, key: string): Promise<{ data: Buffer; contentType: string } | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return { data: Buffer.concat(chunks), contentType: object.contentType };
}

/** A key must be our own shape: a UUID, a slash, a variant name (never a path from outside). */
export function checkKey(key: string): string {
  if (!/^[0-9a-f-]{36}\/[a-z0-9-]{1,32}$/.test(key)) throw new Error(`bad asset key ${JSON.stringify(key)}`);
  return key;
}
