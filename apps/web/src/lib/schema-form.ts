import type { FormInstance } from 'antd';
import type { z } from 'zod';

/** A field's name in an antd Form: 'phone', or a path such as ['slots', 0]. */
type FieldName = Parameters<FormInstance['scrollToField']>[0];

/**
 * Checks a form's values with the contract's schema and shows only the first problem (spec),
 * under its field. Returns the parsed data, or null when something is missing. `fields` names
 * where a schema field stands in the form when the form holds it under another name (the
 * sampling settings' `sampling_time1` is the form's `['slots', 0]`).
 */
export function checkWithSchema<S extends z.ZodType>(schema: S, values: unknown, form?: FormInstance, fields?: Readonly<Record<string, FieldName>>): z.infer<S> | null {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue?.message ?? '请检查填写的内容';
  const field = issue?.path[0];
  if (!form) return null;
  const names = Object.keys(form.getFieldsValue(true) as object);
  const shown = form.getFieldsError().filter((entry) => entry.errors.length > 0);
  form.setFields([...names.map((name) => ({ name, errors: [] })), ...shown.map(({ name }) => ({ name, errors: [] }))]);
  if (typeof field !== 'string') return null;
  const target = fields?.[field] ?? field;
  form.setFields([{ name: target, errors: [message] }]);
  if (names.includes(String(Array.isArray(target) ? target[0] : target))) form.scrollToField(target, { block: 'center' });
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
    const edited = Object.keys(changed);
    // a nested field (['slots', 0]) is cleared when its list is edited
    const stale = form.getFieldsError().filter((entry) => entry.errors.length > 0 && edited.includes(String(entry.name[0])));
    const flat = edited.filter((name) => form.getFieldError(name).length > 0);
    if (stale.length > 0 || flat.length > 0) form.setFields([...flat.map((name) => ({ name, errors: [] })), ...stale.map(({ name }) => ({ name, errors: [] }))]);
  };
