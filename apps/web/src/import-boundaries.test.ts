import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The import boundaries of eslint.config.js (a feature imports no other feature; shared code no
 * feature, page or app module), run through ESLint's own API on source written here as if it lay
 * at a path in src/. The imports name real files: the rule judges the file an import reaches, so
 * an import that reached nothing would be let through.
 */
// a string, not a URL object: jsdom's URL is not the one node:url checks for
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: repo });

async function boundaryErrors(path: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(repo, 'apps/web/src', path) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

// the first lint loads the whole config (typescript-eslint, the resolver): seconds on a busy machine
describe('import boundaries (eslint)', { timeout: 60_000 }, () => {
  it('fails a feature that imports another feature', async () => {
    const errors = await boundaryErrors(
      'features/admin-finance/pages/fixture-page.tsx',
      "import { useApprovals } from '../../admin-approvals/api/list-approvals';\nexport const f = useApprovals;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('A feature imports no other feature');
  });

  it('lets a feature import its own files and the shared folders', async () => {
    const errors = await boundaryErrors(
      'features/admin-finance/pages/fixture-page.tsx',
      [
        "import { financeKeys } from '../api/keys';",
        "import { AdminPage } from '../../../components/admin/admin-page';",
        "import { memberKeys } from '../../../api/query-keys';",
        "import { formatDate } from '../../../lib/format';",
        'export const f = [financeKeys, AdminPage, memberKeys, formatDate];',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('fails shared code that imports a feature, and a feature that imports a page', async () => {
    const shared = await boundaryErrors('components/fixture.tsx', "import { LIST_QUERY_KEYS } from '../features/catalog/list-query';\nexport const k = LIST_QUERY_KEYS;\n");
    expect(shared).toHaveLength(1);
    expect(shared[0]).toContain('Shared code');
    const upward = await boundaryErrors('features/catalog/pages/fixture-page.tsx', "import NotFoundPage from '../../../pages/not-found-page';\nexport const p = NotFoundPage;\n");
    expect(upward).toHaveLength(1);
    expect(upward[0]).toContain('never the reverse');
  });
});
