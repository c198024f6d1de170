import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/*
 * The web app's folders, and who may import whom (apps/web/src):
 *
 *   app/         router, layouts, providers (and the entries in src/ itself): may import everything below
 *   pages/       routes that compose several features (member centre): features and shared code
 *   features/X   one area's pages, components and private api/ calls: shared code only, never
 *                another feature (what two features need moves to components/, api/ or lib/)
 *   components/, api/, lib/   shared code: never a feature, a page or app/
 *
 * So imports point one way (app → pages → features → shared) and no folder can close a cycle
 * through another. Tests may import anything (they put pieces together); features/X/testing too.
 * Resolved by import-x's node resolver, so relative paths are judged by the file they reach.
 */
const web = 'apps/web/src';
// read beside this file, so the config loads from any working directory (the web tests lint through it)
const features = readdirSync(`${import.meta.dirname}/${web}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webBoundaries = [
  ...features.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: 'A feature imports no other feature: move what both need to components/, api/ or lib/.',
  })),
  { target: `${web}/features`, from: [`${web}/pages`, `${web}/app`], message: 'Features are used by pages/ and app/, never the reverse.' },
  { target: `${web}/pages`, from: `${web}/app`, message: 'Pages are used by app/, never the reverse.' },
  {
    target: [`${web}/components`, `${web}/api`, `${web}/lib`],
    from: [`${web}/features`, `${web}/pages`, `${web}/app`],
    message: 'Shared code (components/, api/, lib/) imports no feature, page or app module.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', '**/migrations/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: [
      '**/*.test.{ts,tsx}',
      `${web}/testing/**`,
      `${web}/features/*/testing/**`,
      // loads app/ant-scope on demand; being removed in issue 18 (antd on every page): drop this line with it
      `${web}/lib/antd-loader.tsx`,
    ],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json', '.css'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webBoundaries }] },
  },
  {
    files: ['**/scripts/**', '**/bench/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
