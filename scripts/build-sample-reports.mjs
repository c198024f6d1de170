#!/usr/bin/env node
/**
 * Draws the sample reports (样例报告) of the main techniques — XRD, SEM, XPS, NMR — as small
 * PDFs with Chromium's print-to-PDF (Playwright, the Debian Chromium and fonts-noto-cjk that the
 * browser tests use; scripts/ensure-browser.sh). Run once when a template changes; the PDFs are
 * committed under apps/server/assets/upload/img/reports/ and served with the other committed
 * files (/upload/img/reports/…). Each says on every page that it is a sample with invented data.
 *
 *   node scripts/build-sample-reports.mjs
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright';

const out = path.resolve(import.meta.dirname, '../apps/server/assets/upload/img/reports');

/** A spectrum as an SVG polyline: a baseline plus Gaussian/Lorentzian-like peaks. */
function spectrum({ from, to, peaks, reverse = false, noise = 0.01, labels = [], xLabel, yLabel }) {
  const W = 640, H = 220, L = 50, B = 30;
  const n = 500;
  const ys = [];
  for (let i = 0; i <= n; i++) {
    const x = from + ((to - from) * i) / n;
    let y = 0.04 + noise * Math.sin(i * 12.9898) * Math.sin(i * 78.233);
    for (const [c, h, w] of peaks) y += h * Math.exp(-((x - c) ** 2) / (2 * w * w));
    ys.push([x, y]);
  }
  const max = Math.max(...ys.map(([, y]) => y));
  const px = (x) => L + ((reverse ? to - x : x - from) / (to - from)) * (W - L - 10);
  const py = (y) => H - B - (y / max) * (H - B - 20);
  const points = ys.map(([x, y]) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(' ');
  const ticks = [];
  const step = (to - from) / 5;
  for (let t = 0; t <= 5; t++) {
    const v = from + step * t;
    ticks.push(`<text x="${px(v)}" y="${H - 12}" font-size="10" text-anchor="middle">${Number(v.toFixed(1))}</text>`);
  }
  const marks = labels.map(([x, text]) => {
    const y = ys.reduce((best, p) => (Math.abs(p[0] - x) < Math.abs(best[0] - x) ? p : best))[1];
    return `<text x="${px(x)}" y="${py(y) - 6}" font-size="10" text-anchor="middle" fill="#1d4f91">${text}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<rect x="${L}" y="10" width="${W - L - 10}" height="${H - B - 10}" fill="none" stroke="#999" stroke-width="0.8"/>
<polyline fill="none" stroke="#c0392b" stroke-width="1.1" points="${points}"/>${ticks.join('')}${marks.join('')}
<text x="${(W + L) / 2}" y="${H}" font-size="11" text-anchor="middle">${xLabel}</text>
<text x="14" y="${H / 2}" font-size="11" text-anchor="middle" transform="rotate(-90 14 ${H / 2})">${yLabel}</text></svg>`;
}

/** A made-up SEM micrograph: particles on a dark ground, with a scale bar. */
function micrograph() {
  let seed = 7;
  const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  const blobs = [];
  for (let i = 0; i < 70; i++) {
    const r = 6 + rand() * 18;
    blobs.push(`<ellipse cx="${(rand() * 620 + 10).toFixed(0)}" cy="${(rand() * 300 + 10).toFixed(0)}" rx="${r.toFixed(0)}" ry="${(r * (0.7 + rand() * 0.5)).toFixed(0)}" fill="#8d8d8d" stroke="#dedede" stroke-width="2"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="340" viewBox="0 0 640 340">
<defs><radialGradient id="g" cx="35%" cy="35%"><stop offset="0" stop-color="#f2f2f2"/><stop offset="0.7" stop-color="#8a8a8a"/><stop offset="1" stop-color="#3a3a3a"/></radialGradient></defs>
<rect width="640" height="340" fill="#2b2b2b"/>${blobs.join('')}
<rect x="0" y="312" width="640" height="28" fill="#000"/><rect x="470" y="322" width="100" height="4" fill="#fff"/>
<text x="520" y="336" font-size="9" fill="#fff" text-anchor="middle">500 nm</text>
<text x="10" y="330" font-size="10" fill="#fff">SU8010 5.0 kV 8.1 mm ×50.0k SE(U)</text></svg>`;
}

const reports = [
  {
    file: 'xrd-sample-report.pdf',
    title: 'X 射线衍射（XRD）测试报告',
    standards: 'JY/T 0587-2020 多晶体X射线衍射方法通则；GB/T 23413-2009（晶粒尺寸）',
    sample: [['样品名称', 'TiO2 粉末（样例）'], ['样品状态', '白色粉末，约 0.5 g'], ['测试项目', '物相定性、晶粒尺寸'], ['仪器', 'Bruker D8 Advance，LynxEye XE-T 探测器']],
    conditions: [['辐射', 'Cu Kα，λ = 1.5406 Å，40 kV / 40 mA'], ['扫描范围', '2θ = 10°–80°，步长 0.02°'], ['扫描速度', '10°/min'], ['装样', '背压法，玻璃样品架']],
    chart: spectrum({ from: 10, to: 80, peaks: [[25.3, 1, 0.18], [37.8, 0.2, 0.18], [48.0, 0.35, 0.2], [53.9, 0.22, 0.2], [55.1, 0.21, 0.2], [62.7, 0.14, 0.22], [27.4, 0.28, 0.16], [36.1, 0.12, 0.17], [54.3, 0.1, 0.2]], labels: [[25.3, 'A(101)'], [27.4, 'R(110)'], [48.0, 'A(200)']], xLabel: '2θ / (°)', yLabel: '强度 (a.u.)' }),
    chartCaption: '图 1　样品 XRD 谱图（A：锐钛矿，R：金红石）',
    results: [['物相', 'PDF 卡片号', '半定量（RIR 法）'], ['锐钛矿 TiO2', '21-1272', '约 82 wt%'], ['金红石 TiO2', '21-1276', '约 18 wt%']],
    note: '锐钛矿 (101) 峰半高宽 0.42°，扣除仪器宽化后按 Scherrer 公式（K = 0.89）估算晶粒尺寸约 20 nm。',
  },
  {
    file: 'sem-sample-report.pdf',
    title: '扫描电子显微镜（SEM）测试报告',
    standards: 'JY/T 0584-2020 扫描电子显微镜分析方法通则；GB/T 16594-2008；GB/T 17359-2012（EDS）',
    sample: [['样品名称', 'SiO2 微球（样例）'], ['样品状态', '白色粉末，约 20 mg'], ['测试项目', '形貌观察、EDS 点分析'], ['仪器', 'Hitachi SU8010，Oxford X-Max 80 能谱']],
    conditions: [['加速电压', '5.0 kV（形貌）/ 15 kV（EDS）'], ['工作距离', '8.1 mm'], ['探头', '上部二次电子探头 SE(U)'], ['制样', '乙醇分散滴于硅片，喷金约 8 nm']],
    chart: micrograph(),
    chartCaption: '图 1　样品二次电子形貌像（×50,000）',
    results: [['元素', '质量分数 / wt%', '原子分数 / at%'], ['O K', '53.1', '66.5'], ['Si K', '46.9', '33.5']],
    note: 'EDS 为无标样定量，对轻元素相对误差可达 ±10%；喷金后 Au 峰已从定量中扣除。颗粒粒径统计（n = 200）：平均 182 nm，标准差 21 nm。',
  },
  {
    file: 'xps-sample-report.pdf',
    title: 'X 射线光电子能谱（XPS）测试报告',
    standards: 'GB/T 19500-2004 X射线光电子能谱分析方法通则；GB/T 22571-2017 / ISO 15472:2010（能量标尺校准）',
    sample: [['样品名称', 'Fe2O3 薄膜（样例）'], ['样品状态', 'FTO 基底上的薄膜，5×5 mm'], ['测试项目', '全谱、Fe 2p 与 O 1s 精细谱'], ['仪器', 'Thermo ESCALAB 250Xi']],
    conditions: [['光源', '单色 Al Kα，1486.6 eV，束斑 500 μm'], ['通能', '全谱 100 eV，精细谱 30 eV'], ['荷电校正', 'C 1s（C–C）284.8 eV'], ['中和', '电子中和枪开启']],
    chart: spectrum({ from: 700, to: 740, reverse: true, peaks: [[710.9, 1, 1.3], [724.5, 0.52, 1.5], [719.0, 0.16, 1.4], [732.8, 0.08, 1.6]], labels: [[710.9, 'Fe 2p3/2'], [724.5, 'Fe 2p1/2'], [719.0, 'sat.']], xLabel: '结合能 / eV', yLabel: '强度 (CPS)' }),
    chartCaption: '图 1　Fe 2p 精细谱（约 719 eV 处为 Fe3+ 特征卫星峰）',
    results: [['元素', '结合能 / eV', '原子分数 / at%'], ['C 1s', '284.8', '21.4'], ['O 1s', '529.9 / 531.4', '49.8'], ['Fe 2p3/2', '710.9', '28.8']],
    note: 'Fe 2p3/2 与 2p1/2 自旋轨道分裂约 13.6 eV，且在 2p3/2 高结合能侧约 8 eV 处出现卫星峰，与 Fe3+ 一致。原子分数由灵敏度因子法计算，为表面约 10 nm 内的平均值。',
  },
  {
    file: 'nmr-sample-report.pdf',
    title: '核磁共振波谱（NMR）测试报告',
    standards: 'JY/T 0578-2020 超导脉冲傅里叶变换核磁共振波谱测试方法通则',
    sample: [['样品名称', '乙酸乙酯（样例）'], ['样品状态', '无色液体，约 10 mg'], ['测试项目', '1H NMR'], ['仪器', 'Bruker AVANCE NEO 400 MHz，BBO 探头']],
    conditions: [['溶剂', 'CDCl3（含 0.03% TMS）'], ['温度', '298 K'], ['扫描次数', '16'], ['弛豫延迟', '1 s']],
    chart: spectrum({ from: 0, to: 8, reverse: true, noise: 0.003, peaks: [[4.12, 0.42, 0.012], [4.14, 0.55, 0.012], [4.10, 0.25, 0.012], [4.16, 0.2, 0.012], [2.04, 1, 0.012], [1.26, 0.9, 0.012], [1.24, 0.5, 0.012], [1.28, 0.45, 0.012], [7.26, 0.06, 0.01], [0, 0.1, 0.01]], labels: [[4.12, 'q, 2H'], [2.04, 's, 3H'], [1.26, 't, 3H']], xLabel: 'δ / ppm', yLabel: '' }),
    chartCaption: '图 1　1H NMR 谱（400 MHz，CDCl3）',
    results: [['δ / ppm', '峰形与耦合', '积分与归属'], ['4.12', 'q，J = 7.1 Hz', '2H，OCH2'], ['2.04', 's', '3H，C(O)CH3'], ['1.26', 't，J = 7.1 Hz', '3H，CH2CH3']],
    note: '化学位移以 TMS（0.00 ppm）定标；7.26 ppm 为 CHCl3 残留峰。积分比 2:3:3 与乙酸乙酯结构一致。',
  },
];

const table = (rows, head = false) =>
  `<table>${rows.map((r, i) => `<tr>${r.map((c) => (head && i === 0 ? `<th>${c}</th>` : `<td>${c}</td>`)).join('')}</tr>`).join('')}</table>`;
const pairs = (rows) => `<table class="kv">${rows.map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`).join('')}</table>`;

const page = (r) => `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><style>
@page { size: A4; margin: 16mm 16mm 18mm; }
body { font-family: 'Noto Sans CJK SC', sans-serif; font-size: 10.5pt; color: #222; }
h1 { font-size: 17pt; font-weight: normal; letter-spacing: 1px; text-align: center; margin: 4mm 0 1mm; }
.sub { text-align: center; color: #666; font-size: 9pt; margin-bottom: 4mm; }
.stamp { border: 1.5px solid #c0392b; color: #c0392b; padding: 2mm 3mm; font-size: 9.5pt; margin-bottom: 4mm; }
h2 { font-size: 11.5pt; font-weight: normal; border-left: 3px solid #1d4f91; padding-left: 2mm; margin: 5mm 0 2mm; }
table { border-collapse: collapse; width: 100%; }
td, th { border: 0.6px solid #bbb; padding: 1.4mm 2mm; text-align: left; font-weight: normal; }
th { background: #f3f5f9; }
.kv th { width: 28%; }
figure { margin: 2mm 0; text-align: center; } figcaption { font-size: 9pt; color: #555; }
footer { position: fixed; bottom: -10mm; left: 0; right: 0; font-size: 8pt; color: #888; text-align: center; }
</style></head><body>
<h1>${r.title}</h1>
<div class="sub">报告编号：SAMPLE-${r.file.split('-')[0].toUpperCase()}-0001 · 科研检测服务商城</div>
<div class="stamp">样例报告：本文件仅用于展示报告的格式与内容，所列样品与数据均为示意，不具备证明作用，不得用于论文或产品质量证明。</div>
<h2>一、样品信息</h2>${pairs(r.sample)}
<h2>二、执行标准</h2><p>${r.standards}</p>
<h2>三、测试条件</h2>${pairs(r.conditions)}
<h2>四、测试结果</h2><figure>${r.chart}<figcaption>${r.chartCaption}</figcaption></figure>
${table(r.results, true)}
<p>${r.note}</p>
<h2>五、说明</h2><p>1. 本报告结果仅对来样负责。2. 原始数据随报告一同交付，保存期内可在“我的订单”中下载。3. 对结果有疑问可在交付后 15 日内申请复核。</p>
<footer>样例报告 · 数据为示意 · 科研检测服务商城</footer>
</body></html>`;

fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const tab = await browser.newPage();
  for (const report of reports) {
    await tab.setContent(page(report), { waitUntil: 'load' });
    const pdf = await tab.pdf({ format: 'A4', printBackground: true, tagged: false, outline: false });
    fs.writeFileSync(path.join(out, report.file), pdf);
    console.log(`${report.file}: ${(pdf.length / 1024).toFixed(0)} KB`);
  }
} finally {
  await browser.close();
}
