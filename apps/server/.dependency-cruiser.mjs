/**
 * The server's shape (docs/architecture.md): db and platform at the bottom; the areas of
 * src/areas/graph.mjs above them, each reaching another only through its face (index.ts) and
 * only along a declared arrow; views (read-only screens over several areas) above the areas;
 * the app, jobs, web, cli and seed on top. `npm run lint` runs this; a violation fails `npm test`.
 * A test file (*.test.ts, *test-helpers.ts) may reach inside another area.
 */
import { areas, readsAnyTables } from './src/areas/graph.mjs';

const TEST = '(\\.test\\.ts|test-helpers\\.ts)$|^test/';
const TABLES = '[.]tables[.]ts$';
const names = Object.keys(areas);

function areaRules() {
  return names.flatMap((area) => {
    const others = names.filter((n) => n !== area);
    const allowed = areas[area];
    const notAllowed = others.filter((n) => !allowed.includes(n));
    return [
      {
        name: `${area}-tables-are-its-own`,
        severity: 'error',
        comment: `Only the ${area} area (and views, privacy, the schema index, other tables' foreign keys, the seed) imports its tables; others call its face.`,
        from: {
          pathNot: [
            `^src/areas/${area}/`,
            ...readsAnyTables.map((f) => `^src/${f}/`),
            '^src/db/schema[.]ts$',
            TABLES,
            '^src/seed/',
            TEST,
          ],
        },
        to: { path: `^src/areas/${area}/.*${TABLES}` },
      },
      {
        name: `${area}-only-through-its-face`,
        severity: 'error',
        comment: `Other areas and views use the ${area} area only through src/areas/${area}/index.ts.`,
        from: { path: '^src/(areas|views)/', pathNot: [`^src/areas/${area}/`, TEST, TABLES] },
        to: { path: `^src/areas/${area}/`, pathNot: [`^src/areas/${area}/index[.]ts$`, TABLES] },
      },
      {
        name: `${area}-uses-only-declared-areas`,
        severity: 'error',
        comment: `The ${area} area may use only ${allowed.join(', ') || 'no other area'} (src/areas/graph.mjs).`,
        from: { path: `^src/areas/${area}/`, pathNot: [TEST, TABLES] },
        to: { path: notAllowed.length ? `^src/areas/(${notAllowed.join('|')})/` : '^$' },
      },
    ];
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
      comment: 'db/ (client, shared db helpers) is the bottom layer; only its schema index names the tables of every area (for drizzle).',
      from: { path: '^src/db/', pathNot: '^src/db/schema[.]ts$' },
      to: { path: '^src/', pathNot: ['^src/db/', '^src/platform/paths[.]ts$'] },
    },
    {
      name: 'platform-imports-no-area',
      severity: 'error',
      comment: 'platform/ (errors, config, calls, audit, providers…) sits on db/ and imports no area, view or app (its tables may name accounts for foreign keys).',
      from: { path: '^src/platform/', pathNot: TABLES },
      to: { path: '^src/', pathNot: '^src/(db|platform)/' },
    },
    {
      name: 'areas-import-no-view-or-app',
      severity: 'error',
      comment: 'An area imports other areas (by the rules below), platform/ and db/: never views, the app, jobs, web, cli or seed.',
      from: { path: '^src/areas/', pathNot: TEST },
      to: { path: '^src/', pathNot: ['^src/(db|platform|areas)/'] },
    },
    {
      name: 'views-are-above-areas',
      severity: 'error',
      comment: 'A view reads areas (faces, tables), platform/ and db/; it imports no app, web, cli or seed.',
      from: { path: '^src/views/', pathNot: TEST },
      to: { path: '^src/', pathNot: ['^src/(db|platform|areas|views)/'] },
    },
    ...areaRules(),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: 'src/db/migrations' },
  },
};
