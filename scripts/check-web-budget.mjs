/**
 * node scripts/check-web-budget.mjs — run by `npm run test:e2e` right after the web build.
 *
 * The JavaScript the home page needs before it can show anything: the entry script, every
 * chunk it imports statically (the modulepreload links), and the home route's chunk with its
 * static imports, read from apps/web/dist/.vite/manifest.json and gzipped (-9). Fails when
 * that is over the budget of issue 9 (170 KB), so a change that drags antd or another large
 * library back into the public shell is caught before it ships. `--list` prints every chunk.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const BUDGET_KB = 170;
const HOME_PAGE = 'src/features/catalog/pages/home-page.tsx';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`${manifestFile} not found: run \`npm run build -w @lab/web\` first`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
// index.html's script; the other entry (src/start-after-paint.ts) is a few hundred bytes
const entry = manifest['index.html'] ? 'index.html' : undefined;
if (!entry || !manifest[HOME_PAGE]) {
  console.error(`the manifest has no ${entry ? HOME_PAGE : 'entry'}; did the router's home route move?`);
  process.exit(1);
}

const files = new Map();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.set(chunk.file, { js: zlib.gzipSync(fs.readFileSync(path.join(dist, chunk.file)), { level: 9 }).length, key });
  for (const css of chunk.css ?? []) {
    if (!files.has(css)) files.set(css, { css: zlib.gzipSync(fs.readFileSync(path.join(dist, css)), { level: 9 }).length, key });
  }
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect(entry);
collect(HOME_PAGE);

const kb = (bytes) => (bytes / 1024).toFixed(1);
let js = 0;
let css = 0;
for (const [file, size] of files) {
  js += size.js ?? 0;
  css += size.css ?? 0;
  if (process.argv.includes('--list')) console.log(`  ${file.padEnd(52)}${kb(size.js ?? size.css).padStart(8)} KB gz`);
}
const verdict = js / 1024 <= BUDGET_KB ? 'within' : 'OVER';
console.log(`home first load: ${kb(js)} KB JavaScript + ${kb(css)} KB CSS gzipped (${files.size} files), ${verdict} the ${BUDGET_KB} KB JavaScript budget`);
if (verdict === 'OVER') process.exit(1);
