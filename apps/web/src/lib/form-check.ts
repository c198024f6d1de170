import type { z } from 'zod';

/** Where a problem is: the schema's path, `['phone']` or `['lines', 0, 'samples', 1, 'name']`. */
export type FieldPath = (string | number)[];

export interface FieldProblem {
  path: FieldPath;
  message: string;
}

/** A form's values checked: the body the call takes, or what is wrong with them. */
export type FormCheck<T> = { ok: true; data: T } | { ok: false; problems: FieldProblem[] };

const FALLBACK = '请检查填写的内容';

/**
 * The one check of a form's values (docs/web.md, "Forms"): the contract's schema parses them.
 * On a refusal, each field's first message, in the order the schema reports them; a form shows
 * the first of them under its field (spec §5: only the first problem is shown). Framework-free,
 * so the antd forms (components/schema-form) and the public pages' plain kit
 * (components/plain-form) say the same thing for the same values.
 */
export function checkValues<S extends z.ZodType>(schema: S, values: unknown): FormCheck<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const issue of result.error.issues) {
    const path = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
    const key = pathKey(path);
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ path, message: issue.message || FALLBACK });
  }
  if (problems.length === 0) problems.push({ path: [], message: FALLBACK });
  return { ok: false, problems };
}

/** A path as one text: `lines.0.samples.1.name` (the form-level problem is ''). */
export const pathKey = (path: readonly (string | number)[]): string => path.join('.');

/**
 * What the values would send, for a preview drawn as they are typed (the tiers of a rule in
 * their order, the amount after a change), or null while they do not pass; says nothing about
 * why: problems are the form's to show (checkValues through SchemaForm or PlainForm).
 */
export function previewValues<S extends z.ZodType>(schema: S, values: unknown): z.output<S> | null {
  const result = schema.safeParse(values);
  return result.success ? result.data : null;
}
