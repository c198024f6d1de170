/**
 * npm run bench:web
 *
 * Lighthouse (performance only) on the public home, list and detail pages, mobile and desktop
 * presets, against the real server (apps/server serving apps/web/dist) on a throwaway PGlite
 * folder with the demo data. Prints, per page and preset, the median over BENCH_WEB_RUNS runs
 * (default 3) of the score, FCP, LCP, TBT and CLS, and per page the JavaScript and CSS the
 * browser fetched before first paint and by the end of the load, gzipped from the files in
 * apps/web/dist (so the figure does not depend on how the server compresses).
 *
 * Builds the site and the server first when their sources changed since their last build
 * (scripts/build.mjs --if-stale; BENCH_WEB_BUILD=1 forces a build). Environment: CHROME_PATH (default /usr/bin/chromium),
 * BENCH_WEB_RUNS, BENCH_WEB_PORT (default: a free port), BENCH_WEB_JSON=<file> to keep the
 * raw figures.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const dist = path.join(webDir, 'dist');
const runs = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function buildIfNeeded() {
  // the site, its server build (dist-ssr) that draws the public pages, and the server, as npm start builds them
  const args = process.env.BENCH_WEB_BUILD === '1' ? [] : ['--if-stale'];
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), ...args], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error('the build failed');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer(port, dataDir) {
  // detached: npm → node is one process group, ended together at the end
  const child = spawn('npm', ['run', 'start', '-w', '@lab/server'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${stderr}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { origin, stop: () => stopServer(child) };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stopServer(child);
  throw new Error(`the server did not answer /api/health within 120 s:\n${stderr}`);
}

function stopServer(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

/** A seeded service item for the detail page: the first hot item of the home data. */
async function detailPath(origin) {
  const body = await (await fetch(`${origin}/api/open/web/index`)).json();
  const rid = body?.data?.hotItems?.[0]?.rid;
  if (!rid) throw new Error('the demo data has no hot item to open a detail page of');
  return `/detail/${encodeURIComponent(rid)}`;
}

const gzipCache = new Map();
/** gzip -9 size of a file of apps/web/dist, by its URL path; null for anything not from there. */
function gzippedSize(urlPath) {
  if (gzipCache.has(urlPath)) return gzipCache.get(urlPath);
  const file = path.join(dist, decodeURIComponent(urlPath).replace(/^\/+/, ''));
  const size = file.startsWith(dist) && fs.existsSync(file) && fs.statSync(file).isFile() ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : null;
  gzipCache.set(urlPath, size);
  return size;
}

/** The scripts and style sheets of one Lighthouse run: before first paint, and all by the end. */
function assetsOf(lhr, origin) {
  const network = lhr.audits['network-requests'].details;
  const startMs = network.debugData.networkStartTimeTs / 1000;
  const metrics = lhr.audits.metrics.details.items[0];
  const fcpMs = metrics.observedFirstContentfulPaintTs / 1000;
  const sums = { jsFirst: 0, cssFirst: 0, jsAll: 0, cssAll: 0, jsFiles: [], sent: 0 };
  for (const item of network.items) {
    if (!item.url.startsWith(origin)) continue;
    sums.sent += item.transferSize ?? 0;
    const kind = item.resourceType === 'Script' ? 'js' : item.resourceType === 'Stylesheet' ? 'css' : null;
    if (!kind) continue;
    const size = gzippedSize(new URL(item.url).pathname);
    if (size === null) continue;
    const beforePaint = startMs + item.networkEndTime <= fcpMs;
    sums[`${kind}All`] += size;
    if (beforePaint) sums[`${kind}First`] += size;
    if (kind === 'js') sums.jsFiles.push({ url: new URL(item.url).pathname, gz: size, beforePaint });
  }
  return sums;
}

/**
 * One Lighthouse run. On this busy machine Chromium now and then loses the trace's start
 * (NO_NAVSTART) or reports an interstitial for a page that loaded; such a run measures nothing
 * and is repeated, up to three tries.
 */
async function audit(url, port, config, label) {
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, config);
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`${label}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    console.warn(`${label}: ${lhr.runtimeError.code}, trying again`);
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main() {
  buildIfNeeded();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-web-'));
  const port = Number(process.env.BENCH_WEB_PORT ?? 0) || (await freePort());
  const server = await startServer(port, dataDir);
  let chrome = null;
  try {
    const pages = [
      { name: 'home', path: '/' },
      { name: 'list', path: '/project' },
      { name: 'detail', path: await detailPath(server.origin) },
    ];
    const presets = [
      { name: 'mobile', config: undefined },
      { name: 'desktop', config: desktopConfig },
    ];
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
    const version = await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json();
    // warm the server (first PGlite queries, file cache) so run 1 is not the odd one out
    for (const page of pages) await fetch(server.origin + page.path);
    await fetch(`${server.origin}/api/open/web/index`);

    const results = new Map();
    // runs interleaved, so a noisy minute on the shared machine does not land on one row only
    for (let run = 1; run <= runs; run++) {
      for (const page of pages) {
        for (const preset of presets) {
          const started = Date.now();
          const lhr = await audit(server.origin + page.path, chrome.port, preset.config, `${page.name} ${preset.name}`);
          const row = {
            score: Math.round((lhr.categories.performance.score ?? 0) * 100),
            fcp: lhr.audits['first-contentful-paint'].numericValue,
            lcp: lhr.audits['largest-contentful-paint'].numericValue,
            tbt: lhr.audits['total-blocking-time'].numericValue,
            cls: lhr.audits['cumulative-layout-shift'].numericValue,
            assets: assetsOf(lhr, server.origin),
            warnings: lhr.runWarnings,
          };
          const key = `${page.name} ${preset.name}`;
          results.set(key, [...(results.get(key) ?? []), row]);
          console.log(`run ${run}/${runs} ${key.padEnd(15)} score ${String(row.score).padStart(3)}  (${((Date.now() - started) / 1000).toFixed(0)} s)`);
        }
      }
    }

    const cpu = os.cpus();
    console.log(
      `\n${new Date().toISOString().slice(0, 10)} · ${cpu[0]?.model ?? 'unknown CPU'} × ${cpu.length} · load ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} · node ${process.version} · ${version.Browser} · lighthouse ${lighthouseVersion()} · median of ${runs}`,
    );
    const head = ['page', 'preset', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'scores'];
    const widths = [8, 9, 7, 9, 9, 9, 7, 14];
    const line = (cells) => cells.map((cell, i) => (i < 2 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('');
    console.log(line(head));
    for (const page of pages) {
      for (const preset of presets) {
        const rows = results.get(`${page.name} ${preset.name}`);
        const ms = (key) => `${Math.round(median(rows.map((r) => r[key])))} ms`;
        console.log(
          line([
            page.name,
            preset.name,
            median(rows.map((r) => r.score)),
            ms('fcp'),
            ms('lcp'),
            ms('tbt'),
            median(rows.map((r) => r.cls)).toFixed(3),
            rows.map((r) => r.score).join('/'),
          ]),
        );
      }
    }

    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(`\ngzipped (-9) from apps/web/dist, median over every run of the page; "first" = finished before first contentful paint`);
    const assetLine = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(18) : String(cell).padStart(13))).join('');
    console.log(assetLine(['page', 'JS first', 'CSS first', 'JS at load', 'CSS at load', 'sent (all)']));
    for (const page of pages) {
      // a lazily loaded chunk can land just before or just after the first paint: the median says which is usual
      const rows = presets.flatMap((preset) => results.get(`${page.name} ${preset.name}`)).map((row) => row.assets);
      const mid = (key) => kb(median(rows.map((assets) => assets[key])));
      console.log(assetLine([`${page.name} ${page.path.length > 10 ? `${page.path.slice(0, 9)}…` : page.path}`, mid('jsFirst'), mid('cssFirst'), mid('jsAll'), mid('cssAll'), mid('sent')]));
    }
    const warnings = [...new Set([...results.values()].flat().flatMap((r) => r.warnings))];
    if (warnings.length) console.log(`\nLighthouse warnings:\n  ${warnings.join('\n  ')}`);
    if (process.env.BENCH_WEB_JSON) {
      fs.writeFileSync(process.env.BENCH_WEB_JSON, JSON.stringify({ chrome: version.Browser, pages, results: Object.fromEntries(results) }, null, 2));
    }
  } finally {
    if (chrome) await chrome.kill();
    server.stop();
    // PGlite may still be closing its files: a moment, then the folder goes
    await new Promise((resolve) => setTimeout(resolve, 1000));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function lighthouseVersion() {
  return JSON.parse(fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version;
}

await main();
