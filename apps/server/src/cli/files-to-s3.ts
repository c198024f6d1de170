/**
 * npm run files:to-s3
 *
 * Copies the uploaded files kept on local disk (DATA_DIR/files) into the S3 bucket the S3_*
 * settings name (FILE_STORAGE=s3), under the same names: run it once when a shop moves its
 * files to S3 (docs/deploy.md). Files the bucket already holds are skipped, so it can run
 * again; it changes no database row and removes nothing. Servers already on S3 keep reading
 * the not-yet-copied files from local disk meanwhile.
 */
import path from 'node:path';
import { serverPaths } from '../platform/paths';
import { loadConfig } from '../platform/config';
import { fileStoreFor } from '../platform/providers';
import { copyLocalFilesToS3, type S3FileStore } from '../platform/providers/file-store-s3';

async function main() {
  const config = loadConfig({ DATA_DIR: serverPaths.dataDir, ...process.env });
  if (config.FILE_STORAGE !== 's3') throw new Error('请先设置 FILE_STORAGE=s3 及 S3_BUCKET 等 S3_* 环境变量（见 docs/deploy.md）');
  const store = (await fileStoreFor(config)) as S3FileStore;
  await store.check();
  const { copied, present } = await copyLocalFilesToS3(config.dataDir, store, (line) => process.stdout.write(`已复制 ${line}\n`));
  process.stdout.write(`完成：复制 ${copied} 个文件，${present} 个已在存储桶中（${path.join(config.dataDir, 'files')} → s3://${config.S3_BUCKET}/${config.S3_PREFIX}）\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
