import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { checkKey, type AssetStorage } from './storage';

/**
 * Assets as files under `<dir>` (DATA_DIR/assets): one folder per asset, one file per variant,
 * with the content type in a sidecar `<variant>.type`. A file is written to a temporary name and
 * renamed, so a reader never sees half of it. For one node (the embedded default); several nodes
 * use the S3 driver.
 */
export function fileStorage(dir: string): AssetStorage {
  const fileOf = (key: string) => path.join(dir, checkKey(key));
  return {
    kind: 'files',
    async put(key, data, contentType) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${crypto.randomUUID()}.tmp`;
      await fs.promises.writeFile(temp, data);
      await fs.promises.writeFile(`${file}.type`, contentType);
      await fs.promises.rename(temp, file);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const [stat, contentType] = await Promise.all([fs.promises.stat(file), fs.promises.readFile(`${file}.type`, 'utf8')]);
        return { body: fs.createReadStream(file), bytes: stat.size, contentType };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async removePrefix(prefix) {
      if (!/^[0-9a-f-]{36}\/?$/.test(prefix)) throw new Error(`bad asset prefix ${JSON.stringify(prefix)}`);
      await fs.promises.rm(path.join(dir, prefix), { recursive: true, force: true });
    },
  };
}
