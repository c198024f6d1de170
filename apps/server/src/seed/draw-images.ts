/**
 * Draws the project's own demo images (SVG) into assets/upload/img: instruments, example
 * results, banners, partner wordmarks, hot areas, group icons, article covers. Run once with
 * `npx tsx src/seed/draw-images.ts`; the output is committed. Nothing is loaded
 * from outside: one brand colour (#0a58ca) and neutral greys, system fonts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { imageRoot } from '../areas/catalog/image-root';
import { exampleCaptions, imageKeys, seedGroups, type ImageKey } from '../areas/catalog/seed-items';
import { seedBanners, seedHotAreas, seedPartners } from '../areas/content/seed-content';

const brand = '#0a58ca';
const tint = '#e7f0fd';
const grey = { 50: '#f5f7fa', 100: '#e9ecef', 300: '#ced4da', 500: '#adb5bd', 600: '#6c757d', 800: '#343a40' };
const font = "font-family=\"'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif\"";

function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}
const hash = (text: string) => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');

type Chart = 'peaks' | 'spectrum' | 'decay' | 'endo' | 'isotherm' | 'stress' | 'loop' | 'particles' | 'lattice' | 'bars' | 'scatter' | 'cells' | 'mesh' | 'volcano';

const kinds: Record<ImageKey, { chart: Chart; shape: 'cabinet' | 'column' | 'bench' | 'magnet' | 'monitor' | 'scope' | 'flask'; abbr: string; cn: string; x: string; y: string }> = {
  xrd: { chart: 'peaks', shape: 'cabinet', abbr: 'XRD', cn: 'X射线衍射', x: '2θ (°)', y: 'Intensity (a.u.)' },
  scxrd: { chart: 'lattice', shape: 'cabinet', abbr: 'SC-XRD', cn: '单晶衍射', x: '', y: '' },
  saxs: { chart: 'decay', shape: 'cabinet', abbr: 'SAXS', cn: '小角散射', x: 'q (Å⁻¹)', y: 'I(q)' },
  sem: { chart: 'particles', shape: 'column', abbr: 'SEM', cn: '扫描电镜', x: '', y: '' },
  tem: { chart: 'lattice', shape: 'column', abbr: 'TEM', cn: '透射电镜', x: '', y: '' },
  afm: { chart: 'particles', shape: 'scope', abbr: 'AFM', cn: '原子力显微镜', x: '', y: '' },
  confocal: { chart: 'cells', shape: 'scope', abbr: 'CLSM', cn: '共聚焦显微镜', x: '', y: '' },
  xps: { chart: 'spectrum', shape: 'cabinet', abbr: 'XPS', cn: '光电子能谱', x: 'Binding Energy (eV)', y: 'Counts' },
  icp: { chart: 'bars', shape: 'cabinet', abbr: 'ICP', cn: '等离子体光谱/质谱', x: 'Element', y: 'mg/kg' },
  xrf: { chart: 'bars', shape: 'cabinet', abbr: 'XRF', cn: 'X射线荧光', x: 'Oxide', y: 'wt%' },
  ea: { chart: 'bars', shape: 'bench', abbr: 'EA', cn: '元素分析', x: 'Element', y: 'wt%' },
  ftir: { chart: 'spectrum', shape: 'bench', abbr: 'FTIR', cn: '红外光谱', x: 'Wavenumber (cm⁻¹)', y: 'Transmittance (%)' },
  raman: { chart: 'spectrum', shape: 'scope', abbr: 'Raman', cn: '拉曼光谱', x: 'Raman Shift (cm⁻¹)', y: 'Intensity' },
  uvvis: { chart: 'decay', shape: 'bench', abbr: 'UV-Vis', cn: '紫外可见', x: 'Wavelength (nm)', y: 'Absorbance' },
  pl: { chart: 'spectrum', shape: 'bench', abbr: 'PL', cn: '荧光光谱', x: 'Wavelength (nm)', y: 'PL Intensity' },
  tga: { chart: 'decay', shape: 'bench', abbr: 'TGA', cn: '热重分析', x: 'Temperature (℃)', y: 'Mass (%)' },
  dsc: { chart: 'endo', shape: 'bench', abbr: 'DSC', cn: '差示扫描量热', x: 'Temperature (℃)', y: 'Heat Flow (W/g)' },
  dma: { chart: 'endo', shape: 'bench', abbr: 'DMA', cn: '热机械分析', x: 'Temperature (℃)', y: "E' (MPa)" },
  bet: { chart: 'isotherm', shape: 'bench', abbr: 'BET', cn: '比表面积', x: 'P/P₀', y: 'Volume (cm³/g)' },
  dls: { chart: 'peaks', shape: 'bench', abbr: 'DLS', cn: '粒度与Zeta', x: 'Size (nm)', y: 'Intensity (%)' },
  mech: { chart: 'stress', shape: 'cabinet', abbr: 'UTM', cn: '力学性能', x: 'Strain (%)', y: 'Stress (MPa)' },
  nmr: { chart: 'peaks', shape: 'magnet', abbr: 'NMR', cn: '核磁共振', x: 'δ (ppm)', y: '' },
  epr: { chart: 'loop', shape: 'magnet', abbr: 'EPR', cn: '电子顺磁共振', x: 'Magnetic Field (G)', y: 'dχ″/dB' },
  ms: { chart: 'peaks', shape: 'cabinet', abbr: 'MS', cn: '质谱', x: 'Retention Time (min)', y: 'Abundance' },
  gpc: { chart: 'spectrum', shape: 'cabinet', abbr: 'GPC', cn: '凝胶渗透色谱', x: 'log M', y: 'dw/dlogM' },
  flow: { chart: 'scatter', shape: 'bench', abbr: 'FCM', cn: '流式细胞', x: 'Annexin V', y: 'PI' },
  proteomics: { chart: 'volcano', shape: 'monitor', abbr: 'Omics', cn: '蛋白质组学', x: 'log₂ FC', y: '-log₁₀ P' },
  patho: { chart: 'cells', shape: 'scope', abbr: 'HE', cn: '病理切片', x: '', y: '' },
  pcr: { chart: 'isotherm', shape: 'bench', abbr: 'qPCR', cn: '荧光定量PCR', x: 'Cycle', y: 'RFU' },
  water: { chart: 'bars', shape: 'flask', abbr: 'Water', cn: '水质检测', x: 'Index', y: 'mg/L' },
  vocs: { chart: 'peaks', shape: 'flask', abbr: 'VOCs', cn: '挥发性有机物', x: 'Retention Time (min)', y: 'Abundance' },
  soil: { chart: 'bars', shape: 'flask', abbr: 'Soil', cn: '土壤检测', x: 'Element', y: 'mg/kg' },
  echem: { chart: 'loop', shape: 'bench', abbr: 'EC', cn: '电化学', x: 'Potential (V)', y: 'Current (mA)' },
  refine: { chart: 'peaks', shape: 'monitor', abbr: 'Rietveld', cn: 'XRD精修', x: '2θ (°)', y: 'Intensity' },
  fit: { chart: 'spectrum', shape: 'monitor', abbr: 'Fitting', cn: '分峰拟合', x: 'Binding Energy (eV)', y: 'Counts' },
  drawing: { chart: 'mesh', shape: 'monitor', abbr: 'Figure', cn: '科研绘图', x: '', y: '' },
  dft: { chart: 'lattice', shape: 'monitor', abbr: 'DFT', cn: '第一性原理', x: '', y: '' },
  md: { chart: 'scatter', shape: 'monitor', abbr: 'MD', cn: '分子动力学', x: 'r (Å)', y: 'g(r)' },
  fem: { chart: 'mesh', shape: 'monitor', abbr: 'FEM', cn: '有限元仿真', x: '', y: '' },
};

/** A chart drawn inside a box (x, y, w, h). */
function chart(kind: Chart, seed: number, x: number, y: number, w: number, h: number, stroke = brand, sw = 2): string {
  const r = rng(seed);
  const pts: [number, number][] = [];
  const path = (points: [number, number][]) => `<path d="${points.map(([px, py], i) => `${i ? 'L' : 'M'}${(x + px * w).toFixed(1)} ${(y + h - py * h).toFixed(1)}`).join(' ')}" fill="none" stroke="${stroke}" stroke-width="${sw}" stroke-linejoin="round"/>`;
  const peaks = Array.from({ length: 6 + Math.floor(r() * 5) }, () => ({ at: 0.05 + r() * 0.9, height: 0.2 + r() * 0.75, width: 0.004 + r() * 0.01 }));
  switch (kind) {
    case 'peaks':
    case 'spectrum': {
      const broad = kind === 'spectrum' ? 6 : 1;
      for (let i = 0; i <= 300; i += 1) {
        const t = i / 300;
        let v = 0.06 + 0.02 * Math.sin(t * 40 + seed);
        for (const p of peaks) v += p.height * Math.exp(-((t - p.at) ** 2) / (2 * (p.width * broad) ** 2)) * (kind === 'spectrum' ? 0.8 : 1);
        pts.push([t, Math.min(0.97, v)]);
      }
      return path(pts);
    }
    case 'decay':
      for (let i = 0; i <= 100; i += 1) {
        const t = i / 100;
        pts.push([t, 0.9 - 0.35 / (1 + Math.exp(-(t - 0.35) * 25)) - 0.25 / (1 + Math.exp(-(t - 0.7) * 20))]);
      }
      return path(pts);
    case 'endo':
      for (let i = 0; i <= 200; i += 1) {
        const t = i / 200;
        pts.push([t, 0.6 - 0.05 * t + 0.08 / (1 + Math.exp(-(t - 0.3) * 60)) - 0.4 * Math.exp(-((t - 0.68) ** 2) / 0.0012)]);
      }
      return path(pts);
    case 'isotherm': {
      const up: [number, number][] = [];
      const down: [number, number][] = [];
      for (let i = 0; i <= 100; i += 1) {
        const t = i / 100;
        up.push([t, 0.25 + 0.15 * t + 0.5 / (1 + Math.exp(-(t - 0.75) * 22))]);
        down.push([t, 0.25 + 0.15 * t + 0.5 / (1 + Math.exp(-(t - 0.62) * 22))]);
      }
      return path(up) + path(down.filter(([t]) => t > 0.45)).replace(stroke, grey[600]);
    }
    case 'stress':
      for (let i = 0; i <= 100; i += 1) {
        const t = i / 100;
        pts.push([t * 0.9, t < 0.15 ? t * 4.5 : 0.675 + 0.2 * (1 - Math.exp(-(t - 0.15) * 4))]);
      }
      pts.push([0.9, 0.1]);
      return path(pts);
    case 'loop':
      for (let i = 0; i <= 200; i += 1) {
        const a = (i / 200) * Math.PI * 2;
        pts.push([0.5 + 0.42 * Math.cos(a), 0.5 + 0.3 * Math.sin(a) + 0.12 * Math.sin(3 * a)]);
      }
      return path(pts);
    case 'particles':
      return Array.from({ length: 28 }, () => {
        const rad = (0.03 + r() * 0.08) * Math.min(w, h);
        const cx = x + rad + r() * (w - 2 * rad);
        const cy = y + rad + r() * (h - 2 * rad);
        return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${rad.toFixed(1)}" fill="${grey[300]}" stroke="${grey[600]}" stroke-width="1" opacity="0.85"/>`;
      }).join('');
    case 'lattice': {
      const out: string[] = [];
      const step = Math.min(w, h) / 9;
      for (let i = 0; i * step < w; i += 1)
        for (let j = 0; j * step < h; j += 1) {
          const cx = x + step / 2 + i * step + (j % 2) * step * 0.5;
          const cy = y + step / 2 + j * step * 0.87;
          if (cx > x + w - step * 0.3 || cy > y + h - step * 0.3) continue;
          out.push(`<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${(step * 0.22).toFixed(1)}" fill="${(i + j) % 3 === 0 ? brand : grey[600]}"/>`);
        }
      return out.slice(0, 160).join('');
    }
    case 'bars': {
      const n = 7;
      return Array.from({ length: n }, (_, i) => {
        const bh = (0.2 + r() * 0.75) * h;
        const bw = (w / n) * 0.6;
        return `<rect x="${(x + (i + 0.2) * (w / n)).toFixed(1)}" y="${(y + h - bh).toFixed(1)}" width="${bw.toFixed(1)}" height="${bh.toFixed(1)}" rx="2" fill="${i % 2 ? grey[500] : brand}"/>`;
      }).join('');
    }
    case 'scatter':
    case 'volcano':
      return Array.from({ length: 160 }, () => {
        let px = r();
        let py = r();
        if (kind === 'volcano') py = Math.abs(px - 0.5) * 1.6 * r() + r() * 0.1;
        else if (r() < 0.6) [px, py] = [0.2 * r() + 0.05, 0.2 * r() + 0.05];
        const hot = kind === 'volcano' ? py > 0.45 : px > 0.5;
        return `<circle cx="${(x + px * w).toFixed(1)}" cy="${(y + h - Math.min(py, 1) * h).toFixed(1)}" r="2.2" fill="${hot ? brand : grey[500]}" opacity="0.8"/>`;
      }).join('');
    case 'cells':
      return Array.from({ length: 14 }, () => {
        const cx = x + 0.08 * w + r() * w * 0.84;
        const cy = y + 0.1 * h + r() * h * 0.8;
        const rad = (0.05 + r() * 0.05) * Math.min(w, h);
        return `<ellipse cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" rx="${(rad * 1.3).toFixed(1)}" ry="${rad.toFixed(1)}" fill="${tint}" stroke="${brand}" stroke-width="1.2"/><circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${(rad * 0.4).toFixed(1)}" fill="${brand}" opacity="0.7"/>`;
      }).join('');
    case 'mesh': {
      const out: string[] = [];
      const cols = 10;
      const rows = 6;
      for (let i = 0; i < cols; i += 1)
        for (let j = 0; j < rows; j += 1) {
          const v = (Math.sin(i / 2 + seed) + Math.cos(j / 1.5)) / 4 + 0.5;
          out.push(`<rect x="${(x + (i * w) / cols).toFixed(1)}" y="${(y + (j * h) / rows).toFixed(1)}" width="${(w / cols).toFixed(1)}" height="${(h / rows).toFixed(1)}" fill="${brand}" fill-opacity="${(0.1 + v * 0.8).toFixed(2)}" stroke="#fff" stroke-width="1"/>`);
        }
      return out.join('');
    }
  }
}

function write(rel: string, svg: string) {
  const file = path.join(imageRoot, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, svg.replace(/\n\s*/g, ''));
}

const svg = (w: number, h: number, body: string, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(label)}">${body}</svg>`;

function instrument(key: ImageKey): string {
  const k = kinds[key];
  const seed = hash(key);
  const W = 480;
  const H = 360;
  let body = `<rect width="${W}" height="${H}" fill="${grey[50]}"/><rect x="0" y="286" width="${W}" height="74" fill="${grey[100]}"/>`;
  const screen = (sx: number, sy: number, sw: number, sh: number) =>
    `<rect x="${sx}" y="${sy}" width="${sw}" height="${sh}" rx="4" fill="#fff" stroke="${grey[300]}"/>` + `<g>${chart(k.chart, seed, sx + 6, sy + 6, sw - 12, sh - 12, brand, 1.5)}</g>`;
  switch (k.shape) {
    case 'cabinet':
      body += `<rect x="110" y="60" width="220" height="226" rx="10" fill="#fff" stroke="${grey[500]}" stroke-width="2"/><rect x="130" y="84" width="120" height="150" rx="6" fill="${tint}" stroke="${grey[300]}"/><rect x="262" y="84" width="52" height="10" rx="3" fill="${brand}"/><circle cx="288" cy="120" r="10" fill="${grey[100]}" stroke="${grey[500]}"/>` + screen(340, 150, 110, 80) + `<rect x="392" y="230" width="6" height="56" fill="${grey[500]}"/>`;
      break;
    case 'column':
      body += `<rect x="60" y="206" width="260" height="80" rx="8" fill="#fff" stroke="${grey[500]}" stroke-width="2"/><rect x="160" y="40" width="60" height="150" rx="14" fill="#fff" stroke="${grey[500]}" stroke-width="2"/><rect x="150" y="180" width="80" height="34" rx="6" fill="${tint}" stroke="${grey[500]}"/><rect x="172" y="60" width="36" height="8" rx="3" fill="${brand}"/>` + screen(330, 120, 120, 90) + `<rect x="386" y="210" width="8" height="76" fill="${grey[500]}"/>`;
      break;
    case 'bench':
      body += `<rect x="70" y="150" width="250" height="136" rx="10" fill="#fff" stroke="${grey[500]}" stroke-width="2"/><rect x="90" y="120" width="140" height="40" rx="8" fill="${tint}" stroke="${grey[500]}"/><rect x="250" y="175" width="50" height="8" rx="3" fill="${brand}"/><rect x="250" y="195" width="50" height="8" rx="3" fill="${grey[300]}"/>` + screen(330, 120, 120, 90) + `<rect x="386" y="210" width="8" height="76" fill="${grey[500]}"/>`;
      break;
    case 'magnet':
      body += `<ellipse cx="200" cy="70" rx="90" ry="22" fill="${tint}" stroke="${grey[500]}" stroke-width="2"/><path d="M110 70 V250 A90 22 0 0 0 290 250 V70" fill="#fff" stroke="${grey[500]}" stroke-width="2"/><rect x="110" y="150" width="180" height="10" fill="${brand}"/><rect x="180" y="250" width="40" height="36" fill="${grey[300]}"/>` + screen(330, 120, 120, 90) + `<rect x="386" y="210" width="8" height="76" fill="${grey[500]}"/>`;
      break;
    case 'scope':
      body += `<rect x="90" y="250" width="200" height="36" rx="8" fill="#fff" stroke="${grey[500]}" stroke-width="2"/><path d="M230 250 V80 Q230 60 210 60 H170" fill="none" stroke="${grey[500]}" stroke-width="14" stroke-linecap="round"/><rect x="150" y="60" width="30" height="90" rx="8" fill="#fff" stroke="${grey[500]}" stroke-width="2"/><rect x="130" y="190" width="110" height="14" rx="4" fill="${tint}" stroke="${grey[500]}"/><circle cx="165" cy="165" r="10" fill="${brand}"/>` + screen(330, 120, 120, 90) + `<rect x="386" y="210" width="8" height="76" fill="${grey[500]}"/>`;
      break;
    case 'monitor':
      body += screen(110, 50, 260, 180) + `<rect x="225" y="230" width="30" height="40" fill="${grey[500]}"/><rect x="180" y="270" width="120" height="16" rx="6" fill="${grey[300]}"/>`;
      break;
    case 'flask':
      body += `<path d="M170 70 h50 v60 l50 130 a16 16 0 0 1 -15 26 h-120 a16 16 0 0 1 -15 -26 l50 -130 z" fill="#fff" stroke="${grey[500]}" stroke-width="2"/><path d="M150 210 h90 l24 60 a8 8 0 0 1 -8 10 h-122 a8 8 0 0 1 -8 -10 z" fill="${tint}"/><rect x="165" y="60" width="60" height="14" rx="4" fill="${brand}"/>` + screen(330, 120, 120, 90) + `<rect x="386" y="210" width="8" height="76" fill="${grey[500]}"/>`;
      break;
  }
  body += `<text x="24" y="330" ${font} font-size="26" font-weight="700" fill="${brand}">${esc(k.abbr)}</text><text x="${24 + k.abbr.length * 17 + 14}" y="330" ${font} font-size="20" fill="${grey[800]}">${esc(k.cn)}</text>`;
  return svg(W, H, body, `${k.abbr} ${k.cn}`);
}

function result(key: ImageKey, caption: string): string {
  const k = kinds[key];
  const W = 640;
  const H = 400;
  const [x, y, w, h] = [80, 40, 520, 280];
  const grid = Array.from({ length: 5 }, (_, i) => `<line x1="${x}" x2="${x + w}" y1="${y + (i * h) / 4}" y2="${y + (i * h) / 4}" stroke="${grey[100]}"/>`).join('');
  const axes = k.x ? `${grid}<path d="M${x} ${y} V${y + h} H${x + w}" fill="none" stroke="${grey[800]}" stroke-width="1.5"/><text x="${x + w / 2}" y="${y + h + 36}" text-anchor="middle" ${font} font-size="15" fill="${grey[800]}">${esc(k.x)}</text><text transform="translate(30 ${y + h / 2}) rotate(-90)" text-anchor="middle" ${font} font-size="15" fill="${grey[800]}">${esc(k.y)}</text>` : `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${k.chart === 'particles' ? grey[800] : '#fff'}" stroke="${grey[300]}"/><rect x="${x + w - 110}" y="${y + h - 22}" width="80" height="5" fill="#fff"/><text x="${x + w - 70}" y="${y + h - 28}" text-anchor="middle" ${font} font-size="13" fill="#fff">100 nm</text>`;
  const body = `<rect width="${W}" height="${H}" fill="#fff"/>${axes}${chart(k.chart, hash(key) + 11, x + 4, y + 4, w - 8, h - 8, brand, 2)}<text x="${W / 2}" y="${H - 10}" text-anchor="middle" ${font} font-size="15" fill="${grey[600]}">${esc(caption)}</text>`;
  return svg(W, H, body, caption);
}

function banner(index: number, title: string): string {
  const W = 1920;
  const H = 480;
  const body =
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#083f94"/><stop offset="1" stop-color="${brand}"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#g)"/>` +
    `<g opacity="0.25">${chart((['lattice', 'peaks', 'particles', 'spectrum'] as Chart[])[index % 4]!, 97 + index, 1040, 60, 760, 360, '#fff', 3)}</g>` +
    `<g opacity="0.12">${Array.from({ length: 12 }, (_, i) => `<circle cx="${1500 + (i % 4) * 90}" cy="${80 + Math.floor(i / 4) * 120}" r="34" fill="none" stroke="#fff" stroke-width="2"/>`).join('')}</g>`;
  // No words in the picture: the site lays the banner's title and description over it.
  return svg(W, H, body, title);
}

function partner(index: number, name: string): string {
  const W = 400;
  const H = 160;
  const [main, ...rest] = name.split(' ');
  const emblem = [
    `<circle cx="70" cy="80" r="38" fill="none" stroke="${brand}" stroke-width="6"/><circle cx="70" cy="80" r="14" fill="${brand}"/>`,
    `<path d="M70 40 L105 60 V100 L70 120 L35 100 V60 Z" fill="none" stroke="${brand}" stroke-width="6"/><path d="M70 62 L88 72 V92 L70 102 L52 92 V72 Z" fill="${brand}"/>`,
    `<rect x="34" y="44" width="72" height="72" rx="14" fill="${brand}"/><path d="M50 96 L66 64 L78 84 L90 70" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<path d="M70 40 C100 60 100 100 70 120 C40 100 40 60 70 40 Z" fill="${brand}"/><path d="M70 52 V108" stroke="#fff" stroke-width="4"/>`,
  ][index % 4];
  const body = `<rect width="${W}" height="${H}" fill="#fff"/>${emblem}<text x="124" y="${rest.length ? 78 : 92}" ${font} font-size="${main!.length > 8 ? 24 : 28}" font-weight="700" fill="${grey[800]}">${esc(main!)}</text>${rest.length ? `<text x="124" y="112" ${font} font-size="18" fill="${grey[600]}">${esc(rest.join(' '))}</text>` : ''}`;
  return svg(W, H, body, name);
}

function tile(label: string, chartKind: Chart, seed: number, W = 360, H = 200): string {
  const body = `<rect width="${W}" height="${H}" fill="${tint}"/><g opacity="0.9">${chart(chartKind, seed, W * 0.62, 28, W * 0.33, H - 56, brand, 2)}</g><text x="24" y="${H / 2 + 10}" ${font} font-size="${W > 400 ? 34 : 26}" font-weight="700" fill="${brand}">${esc(label)}</text>`;
  return svg(W, H, body, label);
}

function icon(chartKind: Chart, seed: number, label: string): string {
  const body = `<rect width="120" height="120" rx="24" fill="${tint}"/>${chart(chartKind, seed, 20, 24, 80, 72, brand, 3)}`;
  return svg(120, 120, body, label);
}

// ---- run ----

for (const key of imageKeys) {
  write(`devices/${key}.svg`, instrument(key));
  write(`results/${key}.svg`, result(key, exampleCaptions[key]));
}
seedBanners.forEach((b, i) => write(`banners/banner-${i + 1}.svg`, banner(i, b.title)));
seedPartners.forEach((p, i) => write(`partners/partner-${i + 1}.svg`, partner(i, p.name)));
const areaCharts: Chart[] = ['loop', 'isotherm', 'endo', 'cells'];
seedHotAreas.forEach((a, i) => write(a.img.replace('/upload/img/', ''), tile(a.name, areaCharts[i % 4]!, 300 + i)));
const groupCharts: Record<string, Chart> = { structure: 'peaks', microscopy: 'particles', composition: 'spectrum', spectroscopy: 'spectrum', thermal: 'decay', physical: 'isotherm', nmr: 'peaks', biology: 'cells', environment: 'bars', data: 'bars', simulation: 'lattice' };
for (const g of new Set(seedGroups.map((g) => g.img))) write(`${g}.svg`, icon(groupCharts[g.split('/')[1]!] ?? 'peaks', hash(g), g));
const coverCharts: Chart[] = ['peaks', 'particles', 'spectrum', 'lattice', 'isotherm', 'bars', 'cells', 'decay', 'mesh', 'scatter'];
for (let i = 1; i <= 10; i += 1) write(`articles/news-${i}.svg`, tile('新闻资讯', coverCharts[i - 1]!, 500 + i, 640, 360));
for (let i = 1; i <= 6; i += 1) write(`articles/course-${i}.svg`, tile('课程培训', coverCharts[(i + 3) % 10]!, 600 + i, 640, 360));
// each 能力展示 case drawn with its own techniques (seed-content.ts, case-1 … case-6 in that order)
const cases: [string, Chart][] = [['球差电镜 STEM', 'lattice'], ['XPS 深度剖析', 'spectrum'], ['吡啶红外 · 固体核磁', 'peaks'], ['GIWAXS · 荧光寿命', 'decay'], ['DSC · DMA · 流变', 'endo'], ['病理 · 蛋白组学', 'cells']];
cases.forEach(([label, kind], i) => write(`articles/case-${i + 1}.svg`, tile(label, kind, 700 + i + 1, 640, 360)));
const showcase: [string, string, Chart][] = [['microscopy', '电子显微平台', 'particles'], ['xray', 'X 射线与表面分析', 'peaks'], ['spectra', '波谱与质谱', 'spectrum'], ['biology', '生物医药平台', 'cells']];
for (const [file, label, kind] of showcase) write(`showcase/${file}.svg`, tile(label, kind, hash(file), 640, 360));
process.stdout.write(`images written to ${imageRoot}\n`);
