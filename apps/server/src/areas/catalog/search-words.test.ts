import { describe, expect, it } from 'vitest';
import { foldText, indexWords, queryWords, textRuns } from './search-words';
import { itemWords } from './item-words';

describe('folding', () => {
  it('turns full-width letters, digits and punctuation half-width and folds case', () => {
    expect(foldText('ＳＥＭ测试')).toBe('sem测试');
    expect(foldText('ＸＲＤ　２θ（物相）')).toBe('xrd 2θ(物相)');
    expect(foldText('Uv-Vis')).toBe('uv-vis');
  });

  it('turns control and format characters into spaces', () => {
    expect(foldText('扫描\u0000电镜\u200b\u0007sem')).toBe('扫描 电镜  sem');
  });
});

describe('runs and words', () => {
  it('splits Latin and digits from Chinese', () => {
    expect(textRuns(foldText('SEM测试'))).toEqual([
      { text: 'sem', latin: true },
      { text: '测试', latin: false },
    ]);
    expect(queryWords('SEM测试')).toEqual(['sem', '测试']);
    expect(queryWords('ICP-OES测元素')).toEqual(expect.arrayContaining(['icp', 'oes']));
  });

  it('keeps the lab words whole', () => {
    expect(queryWords('扫描电镜测试')).toEqual(['扫描电镜', '测试']);
    expect(queryWords('氮气吸附比表面分析')).toEqual(['氮气吸附', '比表面', '分析']);
    expect(queryWords('热重分析')).toEqual(['热重', '分析']);
    expect(queryWords('拉曼光谱仪')).toEqual(['拉曼光谱', '仪']);
  });

  it('indexes an item by its long words and the words inside them', () => {
    const words = indexWords('场发射扫描电镜 SEM（形貌）');
    expect(words).toEqual(expect.arrayContaining(['扫描电镜', '扫描', '电镜', 'sem', '形貌']));
  });

  it('answers nothing, not an error, for punctuation, control characters or a very long text', () => {
    expect(queryWords('？！。，、——……')).toEqual([]);
    expect(queryWords('\u0000\u0001\u001f')).toEqual([]);
    expect(queryWords('测'.repeat(500)).length).toBeGreaterThan(0);
  });

  it("keeps an item's title, tags and other text apart", () => {
    const words = itemWords({ name: 'XPS 分峰拟合', model: 'CasaXPS', keywords: ['价态'], sketch: '荷电校正', childName: '能谱与光谱解析', groupName: '数据处理' });
    expect(words.titleWords).toEqual(expect.arrayContaining(['xps', '分峰拟合', '能谱']));
    expect(words.tagWords).toEqual(expect.arrayContaining(['casaxps', '价态', '数据处理']));
    expect(words.searchWords).toEqual(expect.arrayContaining(['xps', 'casaxps', '荷电']));
    expect(words.titleWords).not.toContain('荷电');
  });
});
