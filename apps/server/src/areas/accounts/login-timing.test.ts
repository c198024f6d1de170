import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeMember, makeStaff } from '../../../test/factories';
import { passwordVerifications } from '../../platform/crypto';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** How many argon2 verifications one call made (the test files of a worker run one at a time). */
async function counted<T>(run: () => Promise<T>): Promise<[T, number]> {
  const before = passwordVerifications();
  const result = await run();
  return [result, passwordVerifications() - before];
}

/**
 * Issue 16: a staff username that does not exist answered without an argon2 verification, so
 * the time of the answer told which usernames exist. Counting verifications (not measuring
 * time) shows both paths now do the same work.
 */
describe('an unknown account costs the same argon2 verification as a known one', () => {
  it('staff: a known username with a wrong password and an unknown username each verify once, and answer alike', async () => {
    const person = await makeStaff(t.db, 'lab', t.clock.now());
    const [known, knownWork] = await counted(() => call(t.app, 'POST', '/api/admin/login', { form: { account: person.account, password: 'wrong-password-1' } }));
    const [unknown, unknownWork] = await counted(() => call(t.app, 'POST', '/api/admin/login', { form: { account: 'nobody.here', password: 'wrong-password-1' } }));
    expect([knownWork, unknownWork]).toEqual([1, 1]);
    expect([unknown.status, unknown.msg]).toEqual([known.status, known.msg]);
  });

  it('members: the same', async () => {
    const member = await makeMember(t.db);
    const [known, knownWork] = await counted(() => call(t.app, 'POST', '/api/open/login', { form: { account: member.phone, password: 'wrong-password-1' } }));
    const [unknown, unknownWork] = await counted(() => call(t.app, 'POST', '/api/open/login', { form: { account: '13012345678', password: 'wrong-password-1' } }));
    expect([knownWork, unknownWork]).toEqual([1, 1]);
    expect([unknown.status, unknown.msg]).toEqual([known.status, known.msg]);
  });
});
