import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/*
 * The web app's folders, and who may import whom (apps/web/src), named by the areas of the
 * contract and the server (docs/web.md, "Folders"):
 *
 *   app/         router, layouts, providers (and the entries in src/ itself): may import everything below
 *   pages/       routes of no area (not found, under construction): features and shared code
 *   features/<area>         one area's member and public pages, components, and its api/ (the
 *                           area's calls: the resource's typed client and the per-call hooks)
 *   features/admin-<area>   the area's staff screens, with the area's staff calls in its api/
 *   features/views          screens over several areas (back-office dashboard, member detail,
 *                           audit log, the member centre): may import any feature, none imports it
 *   A feature reaches another only through that feature's api/ (its face, as an area's index.ts
 *   on the server): never its pages or components (what two features show moves to components/ or lib/).
 *   components/, api/, lib/   shared code: never a feature's pages or components, a page or app/;
 *                components/ and lib/ may call an area through its features/<area>/api/, and
 *                api/ (the shared client: client, staff-client, refresh, query keys) nothing of a feature
 *
 * So imports point one way (app → pages → views → features → shared, calls through api/) and no
 * folder can close a cycle through another. Tests may import anything (they put pieces together);
 * features/X/testing too. Resolved by import-x's node resolver, so relative paths are judged by the
 * file they reach.
 */
const web = 'apps/web/src';
// read beside this file, so the config loads from any working directory (the web tests lint through it)
const features = readdirSync(`${import.meta.dirname}/${web}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webBoundaries = [
  ...features
    .filter((feature) => feature !== 'views')
    .map((feature) => ({
      target: `${web}/features/${feature}`,
      from: features.filter((other) => other !== feature && other !== 'views').map((other) => `${web}/features/${other}`),
      except: ['./api'],
      message: "A feature imports no other feature's pages or components, only its api/: move what both show to components/ or lib/.",
    })),
  {
    target: features.filter((feature) => feature !== 'views').map((feature) => `${web}/features/${feature}`),
    from: `${web}/features/views`,
    message: 'A view (features/views) composes areas: no feature imports it.',
  },
  { target: `${web}/features`, from: [`${web}/pages`, `${web}/app`], message: 'Features are used by pages/ and app/, never the reverse.' },
  { target: `${web}/pages`, from: `${web}/app`, message: 'Pages are used by app/, never the reverse.' },
  {
    target: [`${web}/components`, `${web}/api`, `${web}/lib`],
    from: [`${web}/pages`, `${web}/app`],
    message: 'Shared code (components/, api/, lib/) imports no feature, page or app module.',
  },
  {
    target: [`${web}/components`, `${web}/lib`],
    from: `${web}/features`,
    except: features.map((feature) => `./${feature}/api`),
    message: "Shared code (components/, lib/) imports no feature's pages or components: it calls an area through features/<area>/api/ only.",
  },
  {
    target: `${web}/api`,
    from: `${web}/features`,
    message: 'Shared code (components/, api/, lib/) imports no feature, page or app module.',
  },
];

/*
 * One way to check a form (docs/web.md, "Forms"): SchemaForm around antd's Form, or the plain
 * kit's usePlainForm / PlainForm, both with the contract's schema and one core
 * (lib/form-check). A form that checks itself another way fails here; import-boundaries.test.ts
 * proves each rule bites.
 */
const formRecipe = 'One way to check a form (docs/web.md, "Forms"): SchemaForm (components/schema-form) or usePlainForm (components/plain-form) with the contract\'s schema.';
const formRules = [
  {
    selector: "CallExpression[callee.property.name=/^(safeParse|safeParseAsync|parse|parseAsync)$/]:not([callee.object.name=/^(JSON|Date)$/])",
    message: `A page does not parse values with a schema itself: the form's wrapper checks them, a preview reads them with previewValues (lib/form-check). ${formRecipe}`,
  },
  { selector: "JSXOpeningElement[name.name='Form']", message: `An antd form is a SchemaForm. ${formRecipe}` },
  { selector: "JSXOpeningElement[name.name='form']:not(:has(JSXAttribute[name.name='role'][value.value='search']))", message: `A form of the plain kit is PlainForm (a search box is role="search"). ${formRecipe}` },
  { selector: "CallExpression[callee.property.name=/^(setFields|setFieldsError)$/]", message: `A field's problem is set by the form's check, not by hand (values: setFieldValue / setFieldsValue). ${formRecipe}` },
  {
    selector: "JSXOpeningElement[name.object.name='Form'][name.property.name=/^(Item|List)$/] > JSXAttribute[name.name=/^(rules|validateStatus|help)$/]",
    message: `A field's problem comes from the contract's schema, under the field: no antd rules, validateStatus or help (a hint is extra). ${formRecipe}`,
  },
  {
    selector:
      "JSXOpeningElement:matches([name.name=/^(Input|InputNumber|Select|DatePicker|TimePicker|Cascader|AutoComplete|TreeSelect|Mentions)$/], [name.object.name=/^(Input|DatePicker|TimePicker)$/]) > JSXAttribute[name.name='status'] Literal[value='error']",
    message: `A field is marked by the form's check, not by its own error status. ${formRecipe}`,
  },
  {
    // a file refused as it is chosen (uploaded at once, no form) is said in the alert
    selector: "CallExpression[callee.object.name='feedback'][callee.property.name='failure']:not(JSXAttribute[name.name='beforeUpload'] *, Property[key.name='beforeUpload'] *) > NewExpression",
    message: `A form's problem shows under its field, not in the failure alert (that is for the server's msg). ${formRecipe}`,
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
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}', `${web}/testing/**`, `${web}/features/*/testing/**`, `${web}/lib/form-check.ts`, `${web}/components/schema-form.tsx`, `${web}/components/plain-form.tsx`],
    rules: {
      'no-restricted-syntax': ['error', ...formRules],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/lib/form-check'], importNames: ['checkValues'], message: `The check that names problems is the forms' own. ${formRecipe}` }] },
      ],
    },
  },
  {
    files: ['**/scripts/**', '**/bench/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
