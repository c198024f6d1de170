/**
 * The name of the unique constraint (or index) a 23505 refused, however deeply the driver wrapped
 * it ('' when the driver did not say which); null for any other error.
 */
export function violatedUniqueConstraint(error: unknown): string | null {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** True when the database refused a row for a unique index (23505), however deeply the driver wrapped it. */
export const isUniqueViolation = (error: unknown): boolean => violatedUniqueConstraint(error) !== null;
