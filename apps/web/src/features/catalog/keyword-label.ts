/**
 * How a search word reads on the item page (issue 31: the chips showed the index's raw lower-case
 * words, `sem`, `eds`). The catalogue keeps keywords lower-case for matching (decisions/0044);
 * shown, a Latin word is written as the field writes it: acronyms in capitals (SEM, ICP-MS,
 * UV-Vis), names and software as spelled (Raman, Rietveld, CasaXPS), nuclei with superscripts
 * (¹³C). Chinese words are shown as they are. Two words that read the same are shown once.
 */
const SPELLED: Record<string, string> = {
  raman: 'Raman',
  rietveld: 'Rietveld',
  kissinger: 'Kissinger',
  western: 'Western blot',
  confocal: 'Confocal',
  mapping: 'Mapping',
  zeta: 'Zeta',
  orbitrap: 'Orbitrap',
  jade: 'Jade',
  casaxps: 'CasaXPS',
  'uv-vis': 'UV-Vis',
  gb36600: 'GB 36600',
  '13c': '¹³C',
  '1h': '¹H',
  '27al': '²⁷Al',
  '29si': '²⁹Si',
};

export function keywordLabel(keyword: string): string {
  const word = keyword.trim();
  const spelled = SPELLED[word.toLowerCase()];
  if (spelled) return spelled;
  // a Latin word written all in lower case is an acronym or a code (sem, icp-ms, d50): capitals
  return /^[a-z0-9][a-z0-9-]*$/.test(word) ? word.toUpperCase() : word;
}

/** The item's keywords as chips: each written properly, each once. */
export function keywordLabels(keywords: readonly string[]): string[] {
  return [...new Set(keywords.map(keywordLabel).filter(Boolean))];
}
