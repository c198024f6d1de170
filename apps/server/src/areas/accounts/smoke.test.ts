import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, type TestContext } from '../../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('the envelope', () => {
  it('answers unknown API paths with 404 in the envelope', async () => {
    const res = await call(t.app, 'GET', '/api/open/nothing-here');
    expect(res).toMatchObject({ status: 404, code: 0, msg: '请求的内容不存在' });
  });
});
