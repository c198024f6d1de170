import { describe, expect, it } from 'vitest';
import { attemptOf, gateProblems } from './value-gate-proof';
import { registry } from './value-registry';
import { useValueWorld } from './value-world';

/**
 * Every gated value decision of the registry (value-decisions.test.ts): at a ¥0 limit of its
 * maker it is filed, and nothing but the request (and its audit row) is written; within the
 * limits it books alone.
 */
useValueWorld();

const gatedEntries = Object.entries(registry).flatMap(([key, entry]) => (entry.kind !== 'none' && entry.value.gate !== null ? [[key, entry.value.gate, entry] as const] : []));

describe.each(gatedEntries)('%s', (key, kind, entry) => {
  it(`creates value only past the ${kind} gate: filed at a ¥0 limit with nothing else written, booked alone within the limits`, async () => {
    const attempt = attemptOf(entry);
    expect(attempt, `${key}: no attempt`).toBeDefined();
    expect(await gateProblems(key, kind, attempt!)).toEqual([]);
  });
});
