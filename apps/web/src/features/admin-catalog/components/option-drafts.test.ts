import { describe, expect, it } from 'vitest';
import { serviceItemBody } from '@lab/contract';
import { basePriceFen, optionsJson, priceRange, toOptionDrafts, unitPriceFen, type OptionDraft } from './option-drafts';

const draft = (key: string, name: string, choices: [string, string][], id?: number): OptionDraft => ({
  key,
  ...(id !== undefined ? { id } : {}),
  name,
  choices: choices.map(([label, price], i) => ({ key: `${key}-${i}`, label, price })),
});

const speed = draft('speed', '扫描速度', [['常规', ''], ['慢扫', '40']], 1);
const temperature = draft('temp', '测试温度', [['室温', '0'], ['变温', '300.50']]);

describe('option drafts and the live price', () => {
  it('prices a unit as the order will: the price plus the chosen surcharge of every option (the first when none is picked)', () => {
    expect(unitPriceFen(6050, [speed, temperature])).toBe(6050);
    expect(unitPriceFen(6050, [speed, temperature], { speed: 'speed-1' })).toBe(10_050);
    expect(unitPriceFen(6050, [speed, temperature], { speed: 'speed-1', temp: 'temp-1' })).toBe(40_100);
    // a pick that no longer exists (the choice was deleted) falls back to the first choice
    expect(unitPriceFen(6050, [speed, temperature], { speed: 'gone' })).toBe(6050);
  });

  it('gives the range from the cheapest to the dearest choices, whatever order they are typed in', () => {
    const order = draft('o', '附加', [['加 EDS', '600'], ['HAADF', ''], ['加 EELS', '1000']]);
    expect(priceRange(280_000, [order])).toEqual({ minFen: 280_000, maxFen: 380_000 });
    expect(priceRange(6050, [speed, temperature])).toEqual({ minFen: 6050, maxFen: 40_100 });
    expect(priceRange(6050, [])).toEqual({ minFen: 6050, maxFen: 6050 });
    // a surcharge still being typed wrongly counts as none until it is a price
    expect(priceRange(100, [draft('x', 'x', [['a', '1.001'], ['b', '2']])])).toEqual({ minFen: 100, maxFen: 300 });
  });

  it('reads the price field as a person types it', () => {
    expect(basePriceFen('60.5')).toBe(6050);
    expect(basePriceFen('1,280')).toBe(128_000);
    expect(basePriceFen('')).toBeNull();
    expect(basePriceFen('0')).toBeNull();
    expect(basePriceFen('六十')).toBeNull();
  });

  it('round-trips saved options: ids kept, surcharges as yuan, and the JSON passes the contract', () => {
    const drafts = toOptionDrafts([{ id: 3, name: '模式', choices: [{ id: 1, label: 'SAXS', priceFen: 0 }, { id: 4, label: 'GISAXS', priceFen: 30_000 }] }]);
    expect(drafts[0]).toMatchObject({ id: 3, name: '模式', choices: [{ id: 1, label: 'SAXS', price: '' }, { id: 4, label: 'GISAXS', price: '300.00' }] });
    const added: OptionDraft[] = [...drafts, draft('new', ' 气氛 ', [[' 空气 ', ''], ['N2', '50']])];
    const json = optionsJson(added);
    expect(JSON.parse(json)).toEqual([
      { id: 3, name: '模式', choices: [{ id: 1, label: 'SAXS', price: '' }, { id: 4, label: 'GISAXS', price: '300.00' }] },
      { name: '气氛', choices: [{ label: '空气', price: '' }, { label: 'N2', price: '50' }] },
    ]);
    const parsed = serviceItemBody.shape.options.parse(json);
    expect(parsed).toEqual([
      { id: 3, name: '模式', choices: [{ id: 1, label: 'SAXS', price: 0 }, { id: 4, label: 'GISAXS', price: 30_000 }] },
      { name: '气氛', choices: [{ label: '空气', price: 0 }, { label: 'N2', price: 5000 }] },
    ]);
  });
});
