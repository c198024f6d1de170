import { describe, expect, it } from 'vitest';
import { statementFileName } from './statement';

describe('对账单 file name (issue 31)', () => {
  it('names the period the statement covers, not a bare 对账单.xlsx', () => {
    expect(statementFileName({ from: '2026-11-01', to: '2026-11-30' })).toBe('对账单_2026-11-01至2026-11-30.xlsx');
  });
});
