import type { FormInstance } from 'antd';
import type { z } from 'zod';

/**
 * Checks a form's values with the contract's schema and shows only the first problem (spec),
 * under its field. Returns the parsed data, or null when something is missing.
 */
export function checkWithSchema<S extends z.ZodType>(schema: S, values: unknown, form?: FormInstance): z.infer<S> | null {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue?.message ?? '请检查填写的内容';
  const field = issue?.path[0];
  const names = form ? Object.keys(form.getFieldsValue(true) as object) : [];
  form?.setFields(names.map((name) => ({ name, errors: [] })));
  if (form && typeof field === 'string' && names.includes(field)) {
    form.setFields([{ name: field, errors: [message] }]);
    form.scrollToField(field, { block: 'center' });
  } else if (form && typeof field === 'string') {
    form.setFields([{ name: field, errors: [message] }]);
  }
  return null;
}

/** The first problem's message, for forms that show it in one place. */
export function firstProblem(schema: z.ZodType, values: unknown): string | null {
  const result = schema.safeParse(values);
  return result.success ? null : (result.error.issues[0]?.message ?? '请检查填写的内容');
}

/**
 * For a Form's onValuesChange: a field's error from the last check disappears as soon as the
 * member edits that field (otherwise it would stay until the next submit).
 */
export const clearChangedErrors =
  (form: FormInstance) =>
  (changed: object): void => {
    const stale = Object.keys(changed).filter((name) => form.getFieldError(name).length > 0);
    if (stale.length > 0) form.setFields(stale.map((name) => ({ name, errors: [] })));
  };
