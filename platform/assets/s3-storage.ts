import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { checkKey, type AssetStorage } from './storage';

/** The S3 settings of the configuration (docs/configuration.md S3_*). */
export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/**
 * Assets in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…) through the official client:
 * what several nodes share. Objects are `<asset id>/<variant>` with their content type; the
 * bucket stays private (every read goes through the platform, which checks the board).
 */
export function s3Storage(settings: S3Settings): AssetStorage {
  const config: S3ClientConfig = { region: settings.region, forcePathStyle: settings.forcePathStyle };
  if (settings.endpoint) config.endpoint = settings.endpoint;
  if (settings.accessKeyId && settings.secretAccessKey)
    config.credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey };
  const client = new S3Client(config);
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: checkKey(key), Body: data, ContentType: contentType, ContentLength: data.length }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return {
          body: answer.Body as Readable,
          bytes: Number(answer.ContentLength ?? 0),
          contentType: answer.ContentType ?? 'application/octet-stream',
        };
      } catch (err) {
        const name = (err as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') return null;
        throw err;
      }
    },
    async removePrefix(prefix) {
      if (!/^[0-9a-f-]{36}\/?$/.test(prefix)) throw new Error(`bad asset prefix ${JSON.stringify(prefix)}`);
      const listed = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix.endsWith('/') ? prefix : `${prefix}/` }));
      const keys = (listed.Contents ?? []).map((o) => ({ Key: o.Key! }));
      if (keys.length) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys } }));
    },
  };
}
