import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import S3rver from 's3rver';
import type { FileStore } from '../src/platform/providers/file-store';
import { s3FileStore, type S3FileStore } from '../src/platform/providers/file-store-s3';
import { tmpRoot } from './template';

/**
 * A real S3 peer for the tests: s3rver on a random loopback port with one bucket, its objects
 * under a folder of its own. s3rver's credentials are its fixed S3RVER/S3RVER.
 */
export async function startS3Peer() {
  const directory = path.join(tmpRoot, `s3rver-${process.pid}-${randomBytes(4).toString('hex')}`);
  const bucket = 'lab-files';
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const env = {
    FILE_STORAGE: 's3',
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
  };
  const store = (fallback: FileStore | null = null, prefix = ''): S3FileStore =>
    s3FileStore({ bucket, region: 'us-east-1', endpoint: env.S3_ENDPOINT, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix, urlExpiresSeconds: 300 }, fallback);
  return {
    bucket,
    port,
    env,
    store,
    /** stops answering (a storage outage); the objects stay on disk until `close` */
    stop: () => server.close(),
    close: async () => {
      await server.close().catch(() => undefined);
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
