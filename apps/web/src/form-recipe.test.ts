import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * One way to check a form (eslint.config.js, docs/web.md "Forms"): SchemaForm or the plain
 * kit's usePlainForm with the contract's schema. Each other way a form used to check itself is
 * planted here, as if the file lay in a feature, and must fail the lint; the recipe must pass.
 */
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: repo });
const at = 'features/admin-funds/components/fixture-form.tsx';

async function recipeErrors(code: string, path = at) {
  const [result] = await eslint.lintText(code, { filePath: join(repo, 'apps/web/src', path) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax' || m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const imports = [
  "import { Form, Input, Upload } from 'antd';",
  "import { z } from 'zod';",
  "import { feedback } from '../../../lib/feedback';",
  "import { SchemaForm } from '../../../components/schema-form';",
  "const schema = z.object({ name: z.string().min(1) });",
].join('\n');

// the first lint loads the whole config (typescript-eslint, the resolver): seconds on a busy machine
describe('one way to check a form (eslint)', { timeout: 60_000 }, () => {
  it('fails each other way: own parse, the failure alert, antd Form and its rules, errors set by hand, a red status, a bare <form>', async () => {
    const planted = {
      parse: "export const f = (v: unknown) => { const c = schema.safeParse(v); if (!c.success) feedback.failure(new Error(c.error.issues[0]?.message)); };",
      alert: "export const f = (name: string) => { if (!name) feedback.failure(new Error('[姓名]不能为空')); };",
      form: 'export const F = () => <Form layout="vertical"><Form.Item name="name"><Input /></Form.Item></Form>;',
      rules: "export const F = ({ form }: { form: never }) => <SchemaForm form={form} name=\"x\" schema={schema} onSubmit={() => {}}><Form.Item name=\"name\" rules={[{ required: true }]}><Input /></Form.Item></SchemaForm>;",
      status: "export const F = ({ error }: { error: string | null }) => <Form.Item validateStatus={error ? 'error' : undefined} help={error}><Input status={error ? 'error' : undefined} /></Form.Item>;",
      setFields: "export const f = (form: { setFields: (f: unknown[]) => void }) => form.setFields([{ name: 'name', errors: ['[姓名]不能为空'] }]);",
      plain: 'export const F = () => <form onSubmit={() => {}}><input /></form>;',
      core: "import { checkValues } from '../../../lib/form-check';\nexport const f = (v: unknown) => checkValues(schema, v);",
    };
    const found = Object.fromEntries(await Promise.all(Object.entries(planted).map(async ([way, code]) => [way, await recipeErrors(`${imports}\n${code}\n`)] as const)));
    expect(found.parse?.some((m) => m.includes('does not parse values'))).toBe(true);
    expect(found.parse?.some((m) => m.includes('not in the failure alert'))).toBe(true);
    expect(found.alert).toEqual([expect.stringContaining('not in the failure alert')]);
    expect(found.form).toEqual([expect.stringContaining('An antd form is a SchemaForm')]);
    expect(found.rules).toEqual([expect.stringContaining('no antd rules')]);
    expect(found.status).toHaveLength(3);
    expect(found.setFields).toEqual([expect.stringContaining('not by hand')]);
    expect(found.plain).toEqual([expect.stringContaining('PlainForm')]);
    expect(found.core).toEqual([expect.stringContaining("forms' own")]);
  });

  it('lets the recipe through: SchemaForm with the contract’s schema, a preview, a file refused as it is chosen, a search box', async () => {
    const errors = await recipeErrors(
      [
        imports,
        "import { previewValues } from '../../../lib/form-check';",
        'export const F = ({ form }: { form: never }) => (',
        '  <>',
        '    <SchemaForm form={form} name="x" schema={schema} body={(v: { name: string }) => v} onSubmit={() => {}}>',
        '      <Form.Item label="姓名" name="name" extra="hint"><Input /></Form.Item>',
        '    </SchemaForm>',
        "    <Upload beforeUpload={(file) => { if (file.size === 0) feedback.failure(new Error('文件是空的')); return false; }} />",
        '    <form role="search" onSubmit={() => {}}><input /></form>',
        '  </>',
        ');',
        "export const preview = previewValues(schema, { name: 'x' });",
        "export const when = Date.parse('2026-01-01') + JSON.parse('1');",
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('leaves the wrappers themselves and tests alone', async () => {
    const code = `${imports}\nexport const f = (v: unknown) => schema.safeParse(v);\n`;
    expect(await recipeErrors(code, 'components/schema-form.tsx')).toEqual([]);
    expect(await recipeErrors(code, 'features/admin-funds/components/fixture-form.test.tsx')).toEqual([]);
  });
});
