import { describe, expect, it } from 'vitest';
import { linePrice, newQuoteLine, quoteProblem, quoteTotalFen, toQuoteBody, type QuoteItem } from './quote-lines';

const xrd: QuoteItem = {
  rid: 'xrd',
  name: 'XRD 粉末衍射',
  unit: '样品',
  priceFen: 6_000,
  options: [
    { id: 1, name: '扫描速度', choices: [{ id: 11, label: '常规 10°/min', priceFen: 0 }, { id: 12, label: '慢扫 2°/min', priceFen: 4_000 }] },
    { id: 2, name: '测试温度', choices: [{ id: 21, label: '室温', priceFen: 0 }, { id: 22, label: '变温', priceFen: 20_000 }] },
  ],
};
const bet: QuoteItem = { rid: 'bet', name: 'BET 比表面积', unit: '样品', priceFen: 30_000, options: [] };

describe('a quote being written', () => {
  it('prices a line as the server does: base price plus each chosen choice, times the count', () => {
    const line = newQuoteLine(xrd, 3, { '1': 12 });
    // the first choice is taken where none is given (室温)
    expect(line.choices).toEqual({ '1': 12, '2': 21 });
    expect(linePrice(line)).toEqual({ unitPriceFen: 10_000, amountFen: 30_000 });
    expect(quoteTotalFen([line, newQuoteLine(bet, 2)])).toBe(90_000);
  });

  it('sends each line as rid, count and every option’s choice (the server prices it again)', () => {
    expect(toQuoteBody([newQuoteLine(xrd, 2, { '2': 22 }), newQuoteLine(bet, 1)])).toEqual([
      { rid: 'xrd', count: 2, options: { '1': 11, '2': 22 } },
      { rid: 'bet', count: 1, options: {} },
    ]);
  });

  it('names the first thing to fix: no lines, a bad count, a missing choice, the same item and options twice', () => {
    expect(quoteProblem([])?.message).toBe('[报价项目]不能为空');
    expect(quoteProblem([newQuoteLine(bet, 0)])?.message).toBe('「BET 比表面积」的数量应为1–999的整数');
    expect(quoteProblem([newQuoteLine(bet, 1000)])?.message).toBe('「BET 比表面积」的数量应为1–999的整数');
    const unpriced = { ...newQuoteLine(xrd, 1), choices: { '1': 11 } };
    expect(quoteProblem([unpriced])?.message).toBe('请选择「XRD 粉末衍射」的测试温度');
    expect(linePrice(unpriced)).toBeNull();
    expect(quoteTotalFen([unpriced])).toBe(0);
    expect(quoteProblem([newQuoteLine(xrd, 1), newQuoteLine(xrd, 2)])?.message).toBe('报价项目重复：XRD 粉末衍射（相同选项请合并数量）');
    // the same item with other options is another line
    expect(quoteProblem([newQuoteLine(xrd, 1), newQuoteLine(xrd, 2, { '1': 12 })])).toBeNull();
  });
});
