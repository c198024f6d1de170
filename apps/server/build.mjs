/**
 * The server as plain JavaScript (`npm run bundle`; `npm run build` type-checks first): esbuild
 * bundles each entry point with the code it imports — the server's own and the contract's
 * TypeScript — into apps/server/dist, and leaves every package of node_modules to Node.
 *
 * The entry points are the ones package.json's scripts run: every `node … dist/<name>.js` there
 * is built from src/<name>.ts (`start` → src/server.ts, `staff:create` → src/cli/staff-create.ts).
 * A new command is one script line; nothing here names a folder inside src.
 *
 * - ESM with code splitting: a module the source imports lazily (`await import('./wechat-pay')`,
 *   the providers only one configuration needs) stays a chunk of its own, loaded when asked for,
 *   with its packages.
 * - Packages stay external (the same single copy of zod, pg, fastify… the tests run against),
 *   except the workspace's own `@lab/*` (TypeScript source, bundled in).
 * - Written to a fresh folder and then swapped in whole, so a process starting meanwhile reads
 *   one build or the other, never half of each.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverDir = import.meta.dirname;
const outDir = path.join(serverDir, 'dist');

/** { 'server': 'src/server.ts', 'cli/staff-create': 'src/cli/staff-create.ts', … } from package.json's scripts. */
export function entryPoints() {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  const entries = {};
  for (const script of Object.values(scripts)) {
    for (const [, name] of script.matchAll(/\bnode\b[^&|;]*?\bdist\/([\w/-]+)\.js\b/g)) {
      const source = `src/${name}.ts`;
      if (!fs.existsSync(path.join(serverDir, source))) throw new Error(`package.json runs dist/${name}.js, but there is no ${source}`);
      entries[name] = source;
    }
  }
  return entries;
}

/** Every bare import is Node's to load, but the workspace's own packages (TypeScript source). */
const packagesExternal = {
  name: 'packages-external',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@lab/') ? undefined : { path: args.path, external: true }));
  },
};

export async function bundleServer() {
  const building = fs.mkdtempSync(path.join(serverDir, '.dist-'));
  try {
    await build({
      absWorkingDir: serverDir,
      entryPoints: entryPoints(),
      outdir: building,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node26',
      // stack traces name the TypeScript files and lines (node --enable-source-maps)
      sourcemap: 'linked',
      // class and function names as written: error names, logs
      keepNames: true,
      chunkNames: 'chunks/[name]-[hash]',
      plugins: [packagesExternal],
      logLevel: 'warning',
    });
    fs.chmodSync(building, 0o755);
    // the new build in, the old one out; a missing old one (first build, or a build beside this one) is fine
    const old = `${building}-old`;
    try {
      fs.renameSync(outDir, old);
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
    }
    try {
      fs.renameSync(building, outDir);
    } catch (error) {
      // another build of the same sources took the place a moment before: keep that one
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    }
    fs.rmSync(old, { recursive: true, force: true });
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
  return outDir;
}

if (process.argv[1] === import.meta.filename) {
  const started = performance.now();
  await bundleServer();
  process.stdout.write(`server bundled into ${path.relative(process.cwd(), outDir) || '.'} in ${Math.round(performance.now() - started)} ms\n`);
}
