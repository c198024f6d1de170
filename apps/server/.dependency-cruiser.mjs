/**
 * The server's layers (docs/architecture.md): db at the bottom, then platform, then the
 * numbered modules, then the app, web, cli and seed on top. A folder imports only from below.
 * `npm run lint` runs this; a violation fails `npm test`.
 */
import fs from 'node:fs';
import path from 'node:path';

const TEST = '(\\.test\\.ts|test-helpers\\.ts)$';
const MODULE = '^src/modules/([0-9]+)-[^/]+/';
// the layer numbers are read from the folder names, so a new module folder is covered at once
const layers = fs
  .readdirSync(path.join(import.meta.dirname, 'src/modules'))
  .map((name) => /^([0-9]+)-/.exec(name))
  .filter(Boolean)
  .map((match) => Number(match[1]));

/** One rule per module folder: it may not import a module with a higher (or its own sibling's equal) number. */
function higherModuleRules() {
  return layers.map((n) => {
    const higher = layers.filter((m) => m > n);
    return {
      name: `module-${n}-imports-no-higher-module`,
      severity: 'error',
      comment: 'A module imports only lower-numbered modules, platform/ and db/ (docs/architecture.md).',
      from: { path: `^src/modules/${n}-`, pathNot: TEST },
      to: { path: higher.length ? `^src/modules/(${higher.join('|')})-` : '^$' },
    };
  });
}

export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycle anywhere in the server (type-only imports count too).',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'A relative import the cruiser cannot resolve would hide an edge from the rules below.',
      from: { path: '^src/' },
      to: { couldNotResolve: true, path: '^[.]' },
    },
    {
      name: 'db-imports-nothing-above',
      severity: 'error',
      comment: 'db/ (tables, client, shared db helpers) is the bottom layer (platform/paths.ts, which imports nothing of src, names its migrations folder).',
      from: { path: '^src/db/' },
      to: { path: '^src/', pathNot: ['^src/db/', '^src/platform/paths[.]ts$'] },
    },
    {
      name: 'platform-imports-only-db',
      severity: 'error',
      comment: 'platform/ (errors, config, AppDeps, audit, messaging…) sits on db/ and imports no module.',
      from: { path: '^src/platform/' },
      to: { path: '^src/', pathNot: '^src/(db|platform)/' },
    },
    {
      name: 'module-imports-only-lower',
      severity: 'error',
      comment: 'A module imports only from lower-numbered modules, platform/ and db/.',
      from: { path: MODULE, pathNot: TEST },
      to: { path: '^src/', pathNot: ['^src/(db|platform)/', '^src/modules/[0-9]+-'] },
    },
    ...higherModuleRules(),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: 'src/db/migrations' },
  },
};
