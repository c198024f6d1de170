import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The site states its instrument and order counts from one server-side count (the server's
 * site-figures.ts; the content carries {{instruments}}, {{ordersDone}} … tokens). No page of the
 * web app may type such a figure itself: this reads every source file (tests aside) and fails on
 * a literal "300+ 台套", "300 余台", "60 万单", "279,886 单".
 */
const src = dirname(fileURLToPath(import.meta.url));

const figure = /(?<![A-Za-z\d.])\d[\d,，]*\s*(?:万)?\s*(?:\+|＋|余|多)?\s*台套|(?<![A-Za-z\d.])\d[\d,，]*\s*(?:万)?\s*(?:\+|＋|余|多)\s*台(?!套)|(?<![A-Za-z\d.])\d[\d,，]*\s*(?:万)?\s*(?:\+|＋|余|多)?\s*单(?![晶原色位个次层点元质峰线斜面调])/g;

const hardCodedFigures = (text: string) => text.match(figure) ?? [];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('no figure typed into the web app', () => {
  it('finds no instrument or order count in any page or component', () => {
    const found = sources(src).flatMap((file) => hardCodedFigures(readFileSync(file, 'utf8')).map((text) => `${relative(src, file)}: ${text}`));
    expect(found).toEqual([]);
  });

  it('would find one (the texts a careful customer found)', () => {
    expect(hardCodedFigures('<p>300+ 台套大型仪器 · 2 小时内专属经理来电</p>')).toEqual(['300+ 台套']);
    expect(hardCodedFigures('拥有大型仪器 300 余台套，累计完成检测订单超过 60 万单')).toEqual(['300 余台套', '60 万单']);
    expect(hardCodedFigures('76 台套仪器设备 · 279,886 单')).toEqual(['76 台套', '279,886 单']);
    // what a page legitimately writes around a figure it is given
    expect(hardCodedFigures('已售 {item.order} 单 · 单原子 · 1 mg 样品 · 下单后 2 小时内')).toEqual([]);
  });
});
