import { describe, expect, it } from 'vitest';
import { INVOICE_FILE_REQUIRED, isElectronicInvoice } from '@lab/contract';
import { checkValues } from '../../../lib/form-check';
import { issueBody, issueSchema } from './issue-invoice-form';

const pdf = { name: '发票.pdf', type: 'application/pdf', size: 80_000 };
type Input = Parameters<typeof issueBody>[0] & { type: number };
const input = (over: Partial<Input> = {}): Input => ({ rid: 'r1', version: 1, type: 1, invoiceNo: '24312000000087654321', issuedOn: '2026-12-03', file: pdf, ...over });
/** the problem the 开票 form shows first, or null when it may go */
const issueProblem = (values: Input) => {
  const check = checkValues(issueSchema(isElectronicInvoice(values.type)), issueBody(values));
  return check.ok ? null : (check.problems[0]?.message ?? null);
};

describe('issuing an invoice (开票)', () => {
  it('goes with a number, a date and, for an e-invoice, its PDF; a paper invoice may go without a file', () => {
    expect(issueProblem(input())).toBeNull();
    expect(issueProblem(input({ type: 2, file: null }))).toBeNull();
    expect(issueProblem(input({ file: { name: 'scan.JPG', type: '', size: 10 } }))).toBeNull();
  });

  it('says what is missing or wrong in the server words before sending', () => {
    expect(issueProblem(input({ invoiceNo: ' ' }))).toBe('[发票号码]不能为空');
    expect(issueProblem(input({ issuedOn: '' }))).toBe('[开票日期]格式应为YYYY-MM-DD');
    expect(issueProblem(input({ file: null }))).toBe(INVOICE_FILE_REQUIRED);
    expect(issueProblem(input({ type: 3, file: null }))).toBe(INVOICE_FILE_REQUIRED);
    expect(issueProblem(input({ file: { name: 'invoice.docx', type: 'application/msword', size: 10 } }))).toBe('发票文件仅支持 PDF 或 PNG、JPG 图片');
    expect(issueProblem(input({ file: { ...pdf, size: 10 * 1024 * 1024 + 1 } }))).toBe('发票文件不能超过 10 MB');
    expect(issueProblem(input({ file: { ...pdf, size: 0 } }))).toBe('文件是空的，请重新选择');
  });
});
