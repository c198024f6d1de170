import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded files live. A file is named by its folder (the kind of document) and the
 * random name the server gave it (platform/files.ts); rows store only that name, so the same
 * rows work with either store.
 */
export interface FileStore {
  readonly name: 'local' | 's3';
  put(folder: string, name: string, body: Buffer, type: string): Promise<void>;
  /** the file's bytes, or null when there is no such file */
  open(folder: string, name: string): Promise<{ body: Readable; size: number | null } | null>;
  /** removes the file; one already gone is not an error */
  remove(folder: string, name: string): Promise<void>;
  /** readiness (/api/ready): throws when the store cannot be reached */
  check(): Promise<void>;
  /**
   * Large files in parts (the data vault, decisions/0045): S3's multipart upload, or on local
   * disk the same steps with the parts streamed through the server into one growing file.
   */
  multipart: MultipartUploads;
}

/** A part the store holds: completing names every part with its ETag (S3) or '' (local disk). */
export interface StoredPart {
  partNumber: number;
  etag: string;
}

/** Thrown by a local upload when a part is not the next one: parts arrive in order. */
export class PartOutOfOrder extends Error {
  constructor(readonly expected: number) {
    super(`part ${expected} expected`);
  }
}

export interface MultipartUploads {
  /** starts an upload of folder/name; answers its upload id */
  start(folder: string, name: string, type: string): Promise<string>;
  /** where the browser PUTs a part itself (S3: a presigned URL); null: through the server (`write`) */
  partUrl(folder: string, name: string, uploadId: string, partNumber: number, expiresIn: number): Promise<string | null>;
  /** stores one part of `size` bytes streamed from `body` (never held whole in memory); answers its size and ETag */
  write(folder: string, name: string, uploadId: string, partNumber: number, partSize: number, body: Readable, size: number): Promise<{ size: number; etag: string }>;
  /** joins the parts (all of them, ascending) into the file */
  complete(folder: string, name: string, uploadId: string, parts: StoredPart[]): Promise<void>;
  /** a download link that works without our server for `expiresIn` seconds; null: the server serves it */
  downloadUrl(folder: string, name: string, options: { expiresIn: number; downloadName: string }): Promise<string | null>;
}

const uploadIdPattern = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Multipart on local disk: the parts are appended, in order, to dataDir/files/.uploads/<upload id>
 * (one file, no second copy at the end), and completing renames it into its folder. A part may be
 * sent again (what follows it is cut off: a resumed upload that did not hear the answer), but not
 * before the ones ahead of it; a part that fails half-way is cut off again.
 */
function localMultipart(dataDir: string, where: (folder: string, name: string) => string): MultipartUploads {
  const staging = (uploadId: string) => {
    if (!uploadIdPattern.test(uploadId)) throw new Error('bad upload id');
    return path.join(dataDir, 'files', '.uploads', uploadId);
  };
  const sizeOf = async (file: string) => (await fs.promises.stat(file)).size;
  return {
    async start() {
      const uploadId = randomBytes(18).toString('base64url');
      await fs.promises.mkdir(path.join(dataDir, 'files', '.uploads'), { recursive: true });
      await fs.promises.writeFile(staging(uploadId), '');
      return uploadId;
    },
    async partUrl() {
      return null;
    },
    async write(_folder, _name, uploadId, partNumber, partSize, body) {
      const file = staging(uploadId);
      const held = await sizeOf(file);
      const start = (partNumber - 1) * partSize;
      // the parts before this one must all be there (a short last part ends the file)
      if (start > held || (start === held && held % partSize !== 0)) {
        body.resume();
        throw new PartOutOfOrder(Math.floor(held / partSize) + 1);
      }
      if (held > start) await fs.promises.truncate(file, start);
      try {
        await pipeline(body, fs.createWriteStream(file, { flags: 'a' }));
      } catch (error) {
        await fs.promises.truncate(file, start);
        throw error;
      }
      return { size: (await sizeOf(file)) - start, etag: '' };
    },
    async complete(folder, name, uploadId) {
      await fs.promises.mkdir(path.join(dataDir, 'files', folder), { recursive: true });
      await fs.promises.rename(staging(uploadId), where(folder, name));
    },
    async downloadUrl() {
      return null;
    },
  };
}

/** Files on local disk under dataDir/files/<folder> (the default; one server, or a shared disk). */
export function localFileStore(dataDir: string): FileStore & { path(folder: string, name: string): string } {
  const where = (folder: string, name: string) => path.join(dataDir, 'files', folder, name);
  return {
    name: 'local',
    path: where,
    async put(folder, name, body) {
      await fs.promises.mkdir(path.join(dataDir, 'files', folder), { recursive: true });
      await fs.promises.writeFile(where(folder, name), body).catch(async (error: unknown) => {
        // a disk that filled half-way (ENOSPC) must not keep half a file under the name
        await fs.promises.rm(where(folder, name), { force: true });
        throw error;
      });
    },
    async open(folder, name) {
      const full = where(folder, name);
      const stat = await fs.promises.stat(full).catch(() => null);
      if (!stat?.isFile()) return null;
      return { body: fs.createReadStream(full), size: stat.size };
    },
    async remove(folder, name) {
      await fs.promises.rm(where(folder, name), { force: true });
    },
    async check() {
      await fs.promises.mkdir(path.join(dataDir, 'files'), { recursive: true });
    },
    multipart: localMultipart(dataDir, where),
  };
}
