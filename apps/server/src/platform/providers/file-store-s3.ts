import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FileStore, MultipartUploads } from './file-store';

export interface S3Settings {
  bucket: string;
  region: string;
  /** OSS, COS, MinIO…; unset: AWS */
  endpoint?: string | undefined;
  /** unset: the SDK's own credential chain */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  /** put before every key */
  prefix: string;
  /** presigned links' lifetime, seconds */
  urlExpiresSeconds: number;
}

export type S3FileStore = FileStore & {
  readonly client: S3Client;
  key(folder: string, name: string): string;
  /** whether the bucket holds the file (not the local fallback) */
  has(folder: string, name: string): Promise<boolean>;
  /**
   * A link that downloads the file without our server, for `expiresIn` seconds (default
   * S3_URL_EXPIRES), saved under `downloadName`; the service refuses it once expired.
   */
  presignedUrl(folder: string, name: string, options?: { expiresIn?: number; downloadName?: string; type?: string }): Promise<string>;
};

const isMissing = (error: unknown) => error instanceof NoSuchKey || error instanceof NotFound || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * Files in an S3-compatible bucket under <prefix><folder>/<name>. Files uploaded while the shop
 * kept them on disk stay readable: a name the bucket does not hold is read from `fallback` (the
 * local store), until `npm run files:to-s3` has copied them; removing removes both.
 */
export function s3FileStore(settings: S3Settings, fallback: FileStore | null): S3FileStore {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
    forcePathStyle: settings.forcePathStyle,
    // The SDK adds CRC32 checksums to every upload by default (since 3.729); S3-compatible
    // services (OSS, COS, older MinIO) do not all accept them. Send them where S3 requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const key = (folder: string, name: string) => `${settings.prefix}${folder}/${name}`;
  return {
    name: 's3',
    client,
    key,
    async put(folder, name, body, type) {
      await client.send(new PutObjectCommand({ Bucket, Key: key(folder, name), Body: body, ContentType: type, ContentLength: body.length }));
    },
    async open(folder, name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key(folder, name) }));
        return { body: object.Body as Readable, size: object.ContentLength ?? null };
      } catch (error) {
        if (!isMissing(error)) throw error;
        return fallback ? fallback.open(folder, name) : null;
      }
    },
    async has(folder, name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key(folder, name) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async remove(folder, name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key(folder, name) }));
      await fallback?.remove(folder, name);
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    multipart: s3Multipart(client, Bucket, key, (folder, name, options) => presignedUrl(folder, name, options)),
    presignedUrl: (folder, name, options = {}) => presignedUrl(folder, name, options),
  };
  async function presignedUrl(folder: string, name: string, options: { expiresIn?: number; downloadName?: string; type?: string }) {
    const disposition = options.downloadName ? `attachment; filename*=UTF-8''${encodeURIComponent(options.downloadName)}` : undefined;
      const command = new GetObjectCommand({
        Bucket,
        Key: key(folder, name),
        ...(disposition ? { ResponseContentDisposition: disposition } : {}),
        ...(options.type ? { ResponseContentType: options.type } : {}),
      });
    return getSignedUrl(client, command, { expiresIn: options.expiresIn ?? settings.urlExpiresSeconds });
  }
}

/**
 * S3's multipart upload: the browser PUTs each part to a presigned UploadPart URL (in parallel,
 * any order) and reports the part's ETag, which the caller keeps (a resumed upload asks it what is
 * there: not every S3-compatible service answers ListParts, s3rver does not); completing names
 * the parts. The bytes never pass through our server.
 */
function s3Multipart(
  client: S3Client,
  Bucket: string,
  key: (folder: string, name: string) => string,
  presigned: (folder: string, name: string, options: { expiresIn?: number; downloadName?: string }) => Promise<string>,
): MultipartUploads {
  return {
    async start(folder, name, type) {
      const started = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key(folder, name), ContentType: type }));
      return started.UploadId!;
    },
    async partUrl(folder, name, UploadId, PartNumber, expiresIn) {
      return getSignedUrl(client, new UploadPartCommand({ Bucket, Key: key(folder, name), UploadId, PartNumber }), { expiresIn });
    },
    async write(folder, name, UploadId, PartNumber, _partSize, body, size) {
      // through the server (a client that cannot reach the bucket): the stream is passed on as it comes
      const stored = await client.send(new UploadPartCommand({ Bucket, Key: key(folder, name), UploadId, PartNumber, Body: body, ContentLength: size }));
      return { size, etag: stored.ETag ?? '' };
    },
    async complete(folder, name, UploadId, parts) {
      await client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key: key(folder, name), UploadId, MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) } }),
      );
    },
    downloadUrl: (folder, name, options) => presigned(folder, name, options),
  };
}

const typeByExt: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.webp': 'image/webp', '.pdf': 'application/pdf', '.zip': 'application/zip' };

/**
 * Copies the files kept on local disk (dataDir/files/<folder>/<name>) into the bucket under the
 * same folder and name, so the rows that name them find them there. A file the bucket already
 * holds is left alone, so the copy can be run again after an interruption; the local files stay
 * (the S3 store still reads them until they are removed by hand).
 */
export async function copyLocalFilesToS3(dataDir: string, store: S3FileStore, progress: (line: string) => void = () => {}): Promise<{ copied: number; present: number }> {
  const root = path.join(dataDir, 'files');
  const folders = fs.existsSync(root) ? fs.readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory()) : [];
  let copied = 0;
  let present = 0;
  for (const folder of folders) {
    for (const file of fs.readdirSync(path.join(root, folder.name), { withFileTypes: true })) {
      if (!file.isFile()) continue;
      if (await store.has(folder.name, file.name)) {
        present += 1;
        continue;
      }
      const body = await fs.promises.readFile(path.join(root, folder.name, file.name));
      await store.put(folder.name, file.name, body, typeByExt[path.extname(file.name).toLowerCase()] ?? 'application/octet-stream');
      copied += 1;
      progress(`${folder.name}/${file.name}`);
    }
  }
  return { copied, present };
}
