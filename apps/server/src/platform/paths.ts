import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folders the server reads beside its code, from one place. The code runs from src/ (tsx,
 * vitest) or bundled into dist/ and dist/chunks/ (`npm run build`, docs/decisions/0030-built-server-quiet-start.md),
 * so a path relative to a file's own location would differ between the two; every
 * path here is relative to the server package instead — the nearest folder above this file
 * with a package.json (apps/server), whichever of the two it was loaded from.
 */
function packageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/** apps/server */
export const serverRoot = packageRoot(path.dirname(fileURLToPath(import.meta.url)));
/** the repository */
const repoRoot = path.resolve(serverRoot, '../..');

export const serverPaths = {
  /** drizzle-kit's output (drizzle.config.ts `out`), applied at start */
  migrations: path.join(serverRoot, 'src/db/migrations'),
  /** the project's own images (committed), served at /upload/img/… */
  images: path.join(serverRoot, 'assets/upload/img'),
  /** DATA_DIR's default: ./data at the repository's root */
  dataDir: path.join(repoRoot, 'data'),
  /** WEB_DIST's and WEB_SSR's defaults: the web app's build */
  webDist: path.join(repoRoot, 'apps/web/dist'),
  webSsr: path.join(repoRoot, 'apps/web/dist-ssr/entry-server.js'),
};
