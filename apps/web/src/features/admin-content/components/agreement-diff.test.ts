import { describe, expect, it } from 'vitest';
import { agreementLines, diffAgreements } from './agreement-diff';

const inForce =
  '<h2>二、我们如何使用个人信息</h2><p>我们仅为下列目的处理个人信息：</p>' +
  '<table><tbody><tr><th><p>业务功能</p></th><th><p>个人信息</p></th><th><p>目的</p></th><th><p>法律依据</p></th></tr>' +
  '<tr><td><p>在线支付</p></td><td><p>订单号、金额</p></td><td><p>完成支付</p></td><td><p>履行合同</p></td></tr></tbody></table>';

describe('the comparison with the version in force', () => {
  it('reads headings, paragraphs and table rows (cells joined), a cell’s paragraphs once', () => {
    expect(agreementLines(inForce)).toEqual([
      { kind: 'heading', text: '二、我们如何使用个人信息' },
      { kind: 'text', text: '我们仅为下列目的处理个人信息：' },
      { kind: 'row', text: '业务功能 | 个人信息 | 目的 | 法律依据' },
      { kind: 'row', text: '在线支付 | 订单号、金额 | 完成支付 | 履行合同' },
    ]);
  });

  it('a table flattened into one paragraph shows as its rows removed and a paragraph added (issue 31)', () => {
    const flattened = '<h2>二、我们如何使用个人信息</h2><p>我们仅为下列目的处理个人信息：</p><p>业务功能个人信息目的法律依据在线支付订单号、金额完成支付履行合同</p>';
    const lines = diffAgreements(inForce, flattened);
    expect(lines.filter((l) => l.change === 'removed').map((l) => l.kind)).toEqual(['row', 'row']);
    expect(lines.filter((l) => l.change === 'added')).toEqual([{ kind: 'text', text: '业务功能个人信息目的法律依据在线支付订单号、金额完成支付履行合同', change: 'added' }]);
    expect(diffAgreements(inForce, inForce).every((l) => l.change === 'same')).toBe(true);
  });
});
