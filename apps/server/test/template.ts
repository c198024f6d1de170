import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationsFolder } from '../src/db/client';

const here = path.dirname(fileURLToPath(import.meta.url));
export const tmpRoot = path.resolve(here, '../../../.tmp/server-tests');

/** Changes whenever a migration changes, so a stale template is never reused. */
export function migrationsHash(): string {
  const hash = crypto.createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 12);
}

export const pgliteTemplateDir = (hash: string) => path.join(tmpRoot, `pglite-template-${hash}`);
export const postgresTemplateName = (hash: string) => `lab_test_template_${hash}`;

/** Whether the process that made a run's database (its pid is in the name) is still alive. */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A run's database name or folder carries its worker's pid, so another run never removes it. */
export const runSuffix = (random: string) => `${process.pid}_${random}`;
export const pidOfRun = (name: string) => Number(/(?:run[-_])(\d+)_/.exec(name)?.[1]);

declare module 'vitest' {
  export interface ProvidedContext {
    /** the migrations hash global-setup built the template for */
    templateHash: string;
  }
}
