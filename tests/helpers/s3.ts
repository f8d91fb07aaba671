import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../../platform/assets/s3-storage';

/**
 * A real S3-compatible server for tests: s3rver on a free loopback port with one bucket, its data
 * in a temporary directory (gone at stop). The platform's S3 driver talks to it with the official
 * client, path-style, exactly as it would to MinIO.
 */
export interface TestS3 {
  settings: S3Settings;
  /** every key in the bucket */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startS3(): Promise<TestS3> {
  const directory = path.join(os.tmpdir(), `tabula-s3-${crypto.randomUUID()}`);
  const bucket = 'tabula-assets';
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  const settings: S3Settings = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    settings,
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key!);
    },
    async stop() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
