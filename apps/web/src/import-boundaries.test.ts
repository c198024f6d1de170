import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The import boundaries of eslint.config.js (a feature reaches another only through its api/; a view
 * composes features; shared code no feature's pages or components, page or app module), run
 * through ESLint's own API on source written here as if it lay at a path in src/. The imports name
 * real files: the rule judges the file an import reaches, so an import that reached nothing would
 * be let through.
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
  it("fails a feature that imports another feature's components or pages", async () => {
    const errors = await boundaryErrors(
      'features/admin-funds/pages/fixture-page.tsx',
      [
        "import { reviewTones } from '../../admin-member/components/labels';",
        "import ApprovalsPage from '../../admin-approvals/pages/approvals-page';",
        'export const f = [reviewTones, ApprovalsPage];',
      ].join('\n'),
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain("A feature imports no other feature's pages or components");
  });

  it("lets a feature import its own files, the shared folders and another area's api/", async () => {
    const errors = await boundaryErrors(
      'features/admin-funds/pages/fixture-page.tsx',
      [
        "import { financeKeys } from '../api/keys';",
        "import { useApprovals } from '../../admin-approvals/api/list-approvals';",
        "import { AdminPage } from '../../../components/admin/admin-page';",
        "import { memberKeys } from '../../../api/query-keys';",
        "import { formatDate } from '../../../lib/format';",
        'export const f = [financeKeys, useApprovals, AdminPage, memberKeys, formatDate];',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('lets a view compose features, and fails a feature that imports a view', async () => {
    const view = await boundaryErrors(
      'features/views/pages/fixture-page.tsx',
      "import { reviewTones } from '../../admin-member/components/labels';\nexport const t = reviewTones;\n",
    );
    expect(view).toEqual([]);
    const feature = await boundaryErrors(
      'features/admin-member/pages/fixture-page.tsx',
      "import { useDashboard } from '../../views/api/get-dashboard';\nexport const d = useDashboard;\n",
    );
    expect(feature).toHaveLength(1);
    expect(feature[0]).toContain('no feature imports it');
  });

  it("fails shared code that imports a feature's pieces or any feature from api/, and a feature that imports a page", async () => {
    const shared = await boundaryErrors('components/fixture.tsx', "import { LIST_QUERY_KEYS } from '../features/catalog/list-query';\nexport const k = LIST_QUERY_KEYS;\n");
    expect(shared).toHaveLength(1);
    expect(shared[0]).toContain('Shared code');
    const calls = await boundaryErrors('components/fixture.tsx', "import { useApprovals } from '../features/admin-approvals/api/list-approvals';\nexport const a = useApprovals;\n");
    expect(calls).toEqual([]);
    const client = await boundaryErrors('api/fixture.ts', "import { useApprovals } from '../features/admin-approvals/api/list-approvals';\nexport const a = useApprovals;\n");
    expect(client).toHaveLength(1);
    expect(client[0]).toContain('Shared code');
    const upward = await boundaryErrors('features/catalog/pages/fixture-page.tsx', "import NotFoundPage from '../../../pages/not-found-page';\nexport const p = NotFoundPage;\n");
    expect(upward).toHaveLength(1);
    expect(upward[0]).toContain('never the reverse');
  });
});
