import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import config from '../.dependency-cruiser.mjs';
import { areas } from '../src/areas/graph.mjs';
import { ownerOf, serverSrc, sourceFiles, tableOwners, tableWriters } from './area-rules';

/**
 * Issue 29's rule, proved on the code: every table, call and screen belongs to one area; an
 * area reaches another only through its face and along src/areas/graph.mjs; one writer per
 * table; faces stay small. `npm run lint` runs the same dependency rules on src/.
 */
const serverRoot = path.resolve(import.meta.dirname, '..');
const contractSrc = path.resolve(serverRoot, '../../packages/contract/src');

/** Cruises a planted tree (files under a temporary src/) with the server's own rules. */
async function cruisePlanted(files: Record<string, string>): Promise<string[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'areas-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      fs.writeFileSync(path.join(root, name), text);
    }
    const { tsConfig: _ts, ...options } = config.options;
    const result = await cruise(['src'], { ...options, baseDir: root, ruleSet: { forbidden: config.forbidden }, validate: true });
    const output = result.output as ICruiseResult;
    return output.summary.violations.map((v) => `${v.rule.name} ${v.from} -> ${v.to}`);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

describe('the areas and their graph', () => {
  it('the declared graph has no cycle and names only areas that exist', () => {
    const names = Object.keys(areas);
    expect(new Set(fs.readdirSync(path.join(serverSrc, 'areas'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name))).toEqual(new Set(names));
    const seen = new Set<string>();
    for (const [area, uses] of Object.entries(areas)) {
      for (const used of uses) expect(seen.has(used), `${area} uses ${used}, declared above it`).toBe(true);
      seen.add(area);
    }
  });

  it('refuses a planted violation of each rule, and lets a legal import through', async () => {
    const face = 'export const balance = 1;\n';
    const violations = await cruisePlanted({
      'src/areas/funds/index.ts': "export { balance } from './ledger';\n",
      'src/areas/funds/ledger.ts': face,
      'src/areas/funds/funds.tables.ts': 'export const accounts = 1;\n',
      'src/areas/orders/index.ts': "export { order } from './place';\n",
      // legal: through funds' face, along orders → funds
      'src/areas/orders/place.ts': "import { balance } from '../funds';\nexport const order = balance;\n",
      // inside funds, past its face
      'src/areas/orders/inside.ts': "import { balance } from '../funds/ledger';\nexport const x = balance;\n",
      // another area's tables
      'src/areas/orders/tables-read.ts': "import { accounts } from '../funds/funds.tables';\nexport const y = accounts;\n",
      // upward: member may not use orders
      'src/areas/member/upward.ts': "import { order } from '../orders';\nexport const z = order;\n",
      // an area importing a view
      'src/views/screen.ts': 'export const screen = 1;\n',
      'src/areas/funds/uses-view.ts': "import { screen } from '../../views/screen';\nexport const w = screen;\n",
      // a cycle
      'src/areas/catalog/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'src/areas/catalog/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    });
    const rules = (file: string) => violations.filter((v) => v.includes(` ${file} `)).map((v) => v.split(' ')[0]).sort();
    expect(rules('src/areas/orders/place.ts')).toEqual([]);
    expect(rules('src/areas/orders/inside.ts')).toEqual(['funds-only-through-its-face']);
    expect(rules('src/areas/orders/tables-read.ts')).toEqual(['funds-tables-are-its-own']);
    expect(rules('src/areas/member/upward.ts')).toEqual(['member-uses-only-declared-areas']);
    expect(rules('src/areas/funds/uses-view.ts')).toEqual(['areas-import-no-view-or-app']);
    expect(violations.some((v) => v.startsWith('no-circular src/areas/catalog/'))).toBe(true);
  });

  it('the server keeps every rule, with no known violation left', async () => {
    const known = JSON.parse(fs.readFileSync(path.join(serverRoot, '.dependency-cruiser-known-violations.json'), 'utf8')) as { from: string; to: string; rule: { name: string } }[];
    expect(known.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
  });
});

describe('one owner per table', () => {
  it('every table is written by the area that owns it (privacy erasure aside)', () => {
    const owners = tableOwners();
    const strays: string[] = [];
    for (const [table, byArea] of tableWriters()) {
      for (const [area, files] of byArea) {
        if (area === owners.get(table)) continue;
        // 注销账号: erasure.ts rewrites every table that quotes the member, one entry per table
        if (area === 'privacy' && files.every((f) => /^areas\/privacy\/erasure/.test(f))) continue;
        strays.push(`${table} (${owners.get(table)}) written by ${area}: ${files.join(', ')}`);
      }
    }
    expect(strays).toEqual([]);
  });

  it('a view writes no table', () => {
    const writes = sourceFiles()
      .filter((f) => ownerOf(f) === 'views' && !f.endsWith('.test.ts'))
      .filter((f) => /\.(insert|update|delete)\(/.test(fs.readFileSync(f, 'utf8')));
    expect(writes.map((f) => path.relative(serverSrc, f))).toEqual([]);
  });
});

describe('faces and calls', () => {
  it('each face exports at most 30 names, each named in an export list', () => {
    const sizes: Record<string, number> = {};
    const unlisted: string[] = [];
    for (const area of Object.keys(areas)) {
      const face = path.join(serverSrc, 'areas', area, 'index.ts');
      if (!fs.existsSync(face)) continue;
      const text = fs.readFileSync(face, 'utf8');
      sizes[area] = [...text.matchAll(/export \{([^}]*)\}/g)].flatMap((m) => m[1]!.split(',').filter((n) => n.trim())).length;
      // a name the count would not see: `export *`, or a declaration exported from the face itself
      if (/export \*|export (const|let|function|async|class|type [A-Za-z]|interface|enum)/.test(text)) unlisted.push(area);
    }
    expect(Object.entries(sizes).filter(([, n]) => n > 30)).toEqual([]);
    expect(unlisted).toEqual([]);
  });

  it('every call is served from the area whose contract folder declares it', () => {
    // resource → contract folder, read from the call table's imports
    const table = fs.readFileSync(path.join(contractSrc, 'calls.ts'), 'utf8');
    const areaOf = new Map<string, string>();
    for (const m of table.matchAll(/^import \{([^}]+)\} from '\.\/([a-z-]+)\//gm)) for (const name of m[1]!.split(',')) areaOf.set(name.trim(), m[2]!);
    const misplaced: string[] = [];
    let served = 0;
    for (const file of sourceFiles()) {
      const text = fs.readFileSync(file, 'utf8');
      // a file that serves calls may name only its own area's resources, however it spells
      // them: serve(calls.x, …), serve({ a: calls.x.a }, …), const { a } = calls.x
      if (!/\bserve\(/.test(text)) continue;
      for (const resource of new Set([...text.matchAll(/^(?!\s*\*).*?(?<![\w/.-])calls\.(?!ts\b)(\w+)/gm)].map((m) => m[1]!))) {
        served++;
        const want = areaOf.get(resource);
        if (want !== ownerOf(file)) misplaced.push(`${resource} (contract ${want}) served from ${path.relative(serverSrc, file)}`);
      }
    }
    expect(served).toBeGreaterThan(30);
    expect(misplaced).toEqual([]);
  });
});
