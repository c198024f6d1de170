import fs from 'node:fs';
import path from 'node:path';

/**
 * What test/areas.test.ts reads from the code: which area owns each table (the tables file it is
 * declared in) and which areas write it (`.insert(t)`, `.update(t)`, `.delete(t)` in a source
 * file, tests and the demo seed aside).
 */
export const serverSrc = path.resolve(import.meta.dirname, '../src');

const walk = (dir: string, out: string[] = []): string[] => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'migrations') walk(full, out);
    } else if (entry.name.endsWith('.ts')) out.push(full);
  }
  return out;
};

/** 'funds' for src/areas/funds/…, 'views', 'platform', 'seed', … for the other folders. */
export function ownerOf(file: string): string {
  const rel = path.relative(serverSrc, file).split(path.sep);
  return rel[0] === 'areas' ? rel[1]! : rel.length > 1 ? rel[0]! : 'app';
}

const isTest = (file: string) => /(\.test\.ts|test-helpers\.ts)$/.test(file);

/** table export name → owning area, from every *.tables.ts file. */
export function tableOwners(files = walk(serverSrc)): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of files.filter((f) => f.endsWith('.tables.ts'))) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/^export const (\w+) = pgTable\(/gm)) owners.set(match[1]!, ownerOf(file));
  }
  return owners;
}

/** table → (writing area → the files that write it). */
export function tableWriters(files = walk(serverSrc)): Map<string, Map<string, string[]>> {
  const owners = tableOwners(files);
  const writers = new Map<string, Map<string, string[]>>();
  for (const file of files) {
    if (isTest(file) || file.endsWith('.tables.ts') || ownerOf(file) === 'seed') continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
      const table = match[1]!;
      if (!owners.has(table)) continue;
      const area = ownerOf(file);
      if (!writers.has(table)) writers.set(table, new Map());
      const byArea = writers.get(table)!;
      byArea.set(area, [...new Set([...(byArea.get(area) ?? []), path.relative(serverSrc, file)])]);
    }
  }
  return writers;
}

export const sourceFiles = () => walk(serverSrc);
