import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { loadConfig } from '../src/config.ts';
import { createS3FileStore, type S3FileStore } from '../src/files/s3-file-store.ts';

export interface TestS3Server {
  /** The settings that point the app at it (FILES_DRIVER=s3 ...). */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

/**
 * An S3-compatible server on this machine for the tests (decision 087): s3rver, on a free loopback
 * port, keeping its objects in a temporary folder, with one bucket made ahead. s3rver accepts its own
 * fixed key pair (`S3RVER`), which the settings carry.
 */
export async function startTestS3Server(bucket = 'td-files'): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'td-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      FILES_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/** An S3 store of the app's own kind on a fresh test server, and the text of an object (null when none). */
export async function startTestBucket(): Promise<{
  bucket: S3FileStore;
  text(path: string): Promise<string | null>;
  close(): Promise<void>;
}> {
  const s3 = await startTestS3Server();
  const files = loadConfig({ NODE_ENV: 'test', ...s3.env }).files;
  if (files.driver !== 's3') throw new Error('expected the S3 settings');
  const bucket = createS3FileStore(files);
  return {
    bucket,
    async text(relative) {
      const object = await bucket.get(relative);
      if (!object) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString();
    },
    async close() {
      bucket.client.destroy();
      await s3.close();
    },
  };
}
