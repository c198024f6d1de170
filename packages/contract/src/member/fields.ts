import { z } from 'zod';
import { optionalText } from '../common';

/** province / city / area names: optional, filled from address_code and checked against it by the server */
export const regionName = (label: string) => optionalText(label, 30);

type RawIssue = { code: 'custom'; message: string; path: PropertyKey[]; input: unknown };

/**
 * Adds a "required" issue at its field's place in the form's order, so the first message
 * is the first field a person has to fix even when the requirement depends on another field.
 */
export function insertIssue(issues: { path?: PropertyKey[] }[], issue: RawIssue, order: readonly string[]) {
  const rank = (key: PropertyKey | undefined) => {
    const i = order.indexOf(String(key));
    return i === -1 ? order.length : i;
  };
  const mine = rank(issue.path[0]);
  const at = issues.findIndex((existing) => rank(existing.path?.[0]) > mine);
  if (at === -1) issues.push(issue);
  else issues.splice(at, 0, issue);
}

export const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** an optional text that becomes required under a condition; checked by `requireWhen` */
export const conditionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));
