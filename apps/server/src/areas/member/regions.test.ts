import { describe, expect, it } from 'vitest';
import { allowedRegionTree, findRegion, findRegionCodes, findRegionPath, isAllowedRegion, isLeafRegion, regions } from '@lab/contract';

/** The generated region table (packages/contract/src/regions.json) and its helpers. */

describe('region table', () => {
  it('has every province-level region with 6-digit codes, including Taiwan, Hong Kong and Macao', () => {
    expect(regions).toHaveLength(34);
    const names = regions.map((p) => p.n);
    expect(names).toEqual(expect.arrayContaining(['北京市', '上海市', '台湾省', '香港特别行政区', '澳门特别行政区', '新疆维吾尔自治区']));
    const codes: string[] = [];
    const walk = (nodes: typeof regions) => {
      for (const node of nodes) {
        codes.push(node.c);
        if (node.d) walk(node.d);
      }
    };
    walk(regions);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThan(3000);
  });

  it('gives municipalities, Hong Kong and Macao a city level of the same name', () => {
    expect(findRegionPath('310101')).toEqual(['上海市', '上海市', '黄浦区']);
    expect(findRegionCodes('310101')).toEqual(['310000', '310100', '310101']);
    expect(findRegionPath('500229')).toEqual(['重庆市', '重庆市', '城口县']);
    expect(findRegionPath('810001')).toEqual(['香港特别行政区', '香港特别行政区', '中西区']);
    expect(findRegionPath('820001')).toEqual(['澳门特别行政区', '澳门特别行政区', '花地玛堂区']);
    expect(findRegion('110000')?.d?.map((c) => c.n)).toEqual(['北京市']);
  });

  it('ends at the city where there are no districts', () => {
    expect(findRegionPath('320505')).toEqual(['江苏省', '苏州市', '虎丘区']);
    expect(findRegionPath('441900')).toEqual(['广东省', '东莞市', '']);
    expect(findRegionPath('710100')).toEqual(['台湾省', '台湾省', '']);
    expect(isLeafRegion('441900')).toBe(true);
    expect(isLeafRegion('710100')).toBe(true);
    expect(isLeafRegion('320500')).toBe(false);
    expect(isLeafRegion('320000')).toBe(false);
    expect(isLeafRegion('999999')).toBe(false);
    expect(findRegionPath('999999')).toBeNull();
  });
});

describe('allowRegion', () => {
  it('allows a code, or any code under an allowed province or city', () => {
    expect(isAllowedRegion('310101', ['310000'])).toBe(true);
    expect(isAllowedRegion('310115', ['310100'])).toBe(true);
    expect(isAllowedRegion('320505', ['320500'])).toBe(true);
    expect(isAllowedRegion('320205', ['320500'])).toBe(false); // 无锡
    expect(isAllowedRegion('320505', ['320505'])).toBe(true);
    expect(isAllowedRegion('320506', ['320505'])).toBe(false);
    expect(isAllowedRegion('810001', ['810000'])).toBe(true);
    expect(isAllowedRegion('310101', [])).toBe(false);
    expect(isAllowedRegion('abc', ['310000'])).toBe(false);
  });

  it('prunes the cascader to allowed regions', () => {
    const tree = allowedRegionTree(['310000', '320500']);
    expect(tree.map((p) => p.n)).toEqual(['上海市', '江苏省']);
    expect(tree[0]?.d?.[0]?.d?.length).toBeGreaterThan(10);
    expect(tree[1]?.d?.map((c) => c.n)).toEqual(['苏州市']);
  });
});
