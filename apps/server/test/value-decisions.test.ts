import { describe, expect, it } from 'vitest';
import { gateProblems } from './value-gate-proof';
import { transferCase } from './value-cases';
import { none, registry, registryProblems } from './value-registry';
import { audited, routeOf, useValueWorld } from './value-world';

/**
 * Every staff decision that moves money or value books only what the staff member saw, and every
 * one that creates or releases value passes the approval gate (PRODUCT.md "Staff decisions and
 * value"; docs/security.md "Staff decisions book what was seen"), read from the server's own
 * route table: every audited /api/admin route is in the registry (value-registry.ts), either as a value
 * decision — with its pin fields and a case, or why it needs none; and with the limit kind whose
 * gate holds it, or why it creates and releases nothing — or as not one, with the reason. An
 * audited route without an entry fails the suite, and so does an entry whose route is gone, and a
 * route that changes a value-holding record (VALUE_ENTITIES) registered as not a value decision.
 * For every gated decision: at a ¥0 limit of its maker it is filed, and nothing but the request
 * (and its audit row) is written; within the limits it books alone. For every value decision with
 * a pin:
 *
 * 1. the route's schema requires every pin field (a call without it is 400 and writes nothing);
 * 2. the application is made through the members' own calls, the staff member reads it from the
 *    back office's own list (what the screen shows), the application then changes behind their
 *    back, and the decision on what they saw is refused with 409 — and no table row and no stored
 *    file has changed;
 * 3. read again, the same decision goes through (the refusal was about the pin).
 *
 * The registry is value-registry.ts (its cases value-cases.ts); the gates are proved in
 * value-gates.test.ts, the pins in value-pins.test.ts.
 */

useValueWorld();

describe('every audited /api/admin route', () => {
  it('is classified: a value decision with its pin and its gate (or why none), or not one (with the reason)', () => {
    const routes = audited();
    expect(routes.length).toBeGreaterThan(80);
    expect(registryProblems(routes, registry)).toEqual([]);
  });
});

describe('the registry\'s checks fail when they should (planted cases)', () => {
  it('a route that changes value-holding records, registered as not a value decision (or not at all), is reported', () => {
    const adjust = routeOf('POST /api/admin/funds/adjust');
    expect(registryProblems([adjust], { 'POST /api/admin/funds/adjust': none('planted: "moves nothing"') })).toEqual([expect.stringMatching(/changes account records, which hold value/)]);
    expect(registryProblems([adjust], {})).toEqual(['POST /api/admin/funds/adjust: audited but missing from the registry']);
    expect(registryProblems([], { 'POST /api/admin/funds/adjust': registry['POST /api/admin/funds/adjust']! })).toEqual(['POST /api/admin/funds/adjust: in the registry, but no such audited route']);
  });

  it('a route declared gated that books value alone at a ¥0 limit is reported (transfer approval, which has no gate)', async () => {
    const problems = await gateProblems('POST /api/admin/funds/transfer/approve', 'adjustment', { who: 'finance', body: async () => (await transferCase({})).seen() });
    expect(problems).toEqual([expect.stringMatching(/without filing for approval/), expect.stringMatching(/it wrote .*ledger_entries/)]);
  });
});
