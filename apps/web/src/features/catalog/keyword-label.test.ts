import { describe, expect, it } from 'vitest';
import { keywordLabel, keywordLabels } from './keyword-label';

describe('search words as the item page shows them (issue 31)', () => {
  it('writes acronyms in capitals, names as spelled, nuclei with superscripts; never the raw lower-case word', () => {
    expect(['sem', 'eds', 'icp-ms', 'uv-vis', 'raman', 'casaxps', '13c', 'd50'].map(keywordLabel)).toEqual(['SEM', 'EDS', 'ICP-MS', 'UV-Vis', 'Raman', 'CasaXPS', '¹³C', 'D50']);
  });

  it('keeps Chinese words and mixed-case words as they are, and shows a word once', () => {
    expect(keywordLabels(['sem', '形貌', 'SEM', 'Au', ' eds '])).toEqual(['SEM', '形貌', 'Au', 'EDS']);
  });
});
