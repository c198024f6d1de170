import type { z } from 'zod';

/**
 * Checks a form's values with the call's own schema first, so the page shows the same first
 * message the server would: the parsed body, or an Error carrying that message.
 */
export function checkForm<S extends z.ZodType>(schema: S, values: unknown): z.output<S> {
  const checked = schema.safeParse(values);
  if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? '请检查填写的内容');
  return checked.data;
}
