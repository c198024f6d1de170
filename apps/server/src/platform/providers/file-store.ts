import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

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
  };
}
