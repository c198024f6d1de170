import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AMOUNT_FEN, fenToYuan, formatFen, parseYuan, type PrestoreApplication } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { member, post } from './test-helpers';

/**
 * Money a person types (yuan text) becomes fen exactly (issue 16, item 10): `100,5` was read as
 * ¥1,005 because every comma was dropped. A comma is now only a thousands separator.
 */

const commaMessage = (label: string) => `[${label}]格式不正确，逗号只能用作千位分隔符（如 1,005.50）`;

describe('parseYuan', () => {
  it('reads proper thousands groups and decimals; refuses a comma anywhere else', () => {
    expect(parseYuan('1,005.50')).toBe(100_550);
    expect(parseYuan('1，005.50')).toBe(100_550);
    expect(parseYuan('1,234,567')).toBe(123_456_700);
    expect(parseYuan('100.5')).toBe(10_050);
    expect(parseYuan(' ¥1,234.50 ')).toBe(123_450);
    for (const text of ['100,5', '1,00', '1,0000', '10,00.50', '100,', '1,,000', '1,000,00', '0,005']) {
      expect(parseYuan(text, '预存金额'), text).toBe(commaMessage('预存金额'));
    }
    expect(parseYuan(',100')).toBe('[金额]格式不正确');
    expect(parseYuan('1 000')).toBe('[金额]格式不正确');
  });

  it('reads back every amount the site shows (formatFen) and every form value (fenToYuan) as the same fen', () => {
    const fen = fc.integer({ min: -MAX_AMOUNT_FEN, max: MAX_AMOUNT_FEN }).filter((n) => n !== 0);
    fc.assert(
      fc.property(fen, (n) => {
        expect(parseYuan(formatFen(n), '金额', { signed: true })).toBe(n);
        expect(parseYuan(fenToYuan(n), '金额', { signed: true })).toBe(n);
      }),
      { numRuns: 2000 },
    );
  });

  it('never reads a comma as anything but the thousands grouping of the amount it answers', () => {
    const text = fc.array(fc.constantFrom('0', '1', '2', '5', '9', ',', '，'), { minLength: 1, maxLength: 14 }).map((chars) => chars.join(''));
    const decimals = fc.constantFrom('', '.5', '.05', '.50');
    fc.assert(
      fc.property(text, decimals, (whole, tail) => {
        const parsed = parseYuan(whole + tail);
        if (typeof parsed !== 'number' || !/[,，]/.test(whole)) return;
        // accepted with a comma: it is exactly the amount's own grouping, so no digit moved
        expect(whole.replace(/，/g, ',')).toBe(Math.floor(parsed / 100).toLocaleString('en-US'));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('a money field through the API', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  });
  afterAll(() => t?.close());

  it('prestoreApply/add refuses 100,5 with the field message and books 1,005.50 as 100550 fen', async () => {
    const who = await member(t);
    expect(await post(t, '/api/auth/prestoreApply/add', who, { amount: '100,5' })).toMatchObject({ status: 400, code: 0, msg: commaMessage('预存金额') });
    expect(await post(t, '/api/auth/prestoreApply/add', who, { amount: '1,0000' })).toMatchObject({ status: 400, msg: commaMessage('预存金额') });
    expect(await post<PrestoreApplication>(t, '/api/auth/prestoreApply/add', who, { amount: '1,005.50' })).toMatchObject({ code: 1, data: { amountFen: 100_550 } });
  });
});
