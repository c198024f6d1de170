import { describe, expect, it } from 'vitest';
import { receiptProblem } from './receipt-upload';
import { referenceText } from './balance-history';

describe('transfer receipt', () => {
  it('takes png, jpg and pdf up to 10 MB', () => {
    expect(receiptProblem({ name: '回单.png', type: 'image/png', size: 2048 })).toBeNull();
    expect(receiptProblem({ name: '回单.JPG', type: '', size: 2048 })).toBeNull();
    expect(receiptProblem({ name: '回单.pdf', type: 'application/pdf', size: 10 * 1024 * 1024 })).toBeNull();
  });
  it('refuses other types, more than 10 MB and empty files', () => {
    expect(receiptProblem({ name: '回单.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: 2048 })).toBe('转账凭证仅支持 PNG、JPG 图片或 PDF 文件');
    expect(receiptProblem({ name: '回单.pdf', type: 'application/pdf', size: 10 * 1024 * 1024 + 1 })).toBe('转账凭证不能超过 10 MB');
    expect(receiptProblem({ name: '回单.png', type: 'image/png', size: 0 })).toBe('文件是空的，请重新选择');
  });
});

describe('balance history reference', () => {
  it('shows the prestore number from the note, else the bare reference', () => {
    expect(referenceText({ reference: 'prestore:9ENwqj5JTF9Hhr9H', note: '预存单 YC20261122640800 赠送' })).toBe('YC20261122640800');
    expect(referenceText({ reference: 'adjust:req-1', note: '财务调整' })).toBe('req-1');
    expect(referenceText({ reference: '', note: '' })).toBe('–');
  });
});
