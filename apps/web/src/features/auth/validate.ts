import type { z } from 'zod';

/**
 * The spec shows only the first error of a form: the schemas check the fields in the
 * order a person fills them (phone, code, password, confirmation, then the match).
 */
export function firstError(schema: z.ZodType, values: unknown): string | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  return result.error.issues[0]?.message ?? '请检查填写的内容';
}
