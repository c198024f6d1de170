import fs from 'node:fs';
import PDFKitDocument from 'pdfkit';
import { DEFAULT_DOCUMENT_FONT, DEFAULT_DOCUMENT_FONT_NAME } from '../platform/providers/document-seal';

/**
 * The demo orders' 检测报告 (issue 31: the seeded report a member downloaded was a 753-byte
 * English stub). A real-looking Chinese report written with pdfkit in the CJK font the sealed
 * documents use (LAB_DOCUMENT_FONT, default Noto Sans CJK SC): title, report number, client,
 * order number, the samples with their lab codes, the instrument and its conditions, a results
 * table, a drawn spectrum (XRD, XPS, NMR…) or the description of a micrograph (SEM), the three
 * signatures, the date and 本报告仅对来样负责. No Chromium at seed time; deterministic for a given spec.
 */
export interface DemoReportSpec {
  lab: { name: string; address: string; phone: string };
  reportNo: string;
  orderNo: string;
  client: { name: string; unit: string };
  /** 检测项目 (the catalogue item) */
  test: string;
  samples: { code: string; name: string }[];
  instrument: { name: string; model: string };
  /** 检测条件: label and value */
  conditions: [string, string][];
  /** 依据 (method standard) */
  method: string;
  results: { columns: string[]; widths: number[]; rows: string[][] };
  /** a drawn spectrum (x range, peaks as position / relative height / width) or a described micrograph */
  figure:
    | { kind: 'spectrum'; caption: string; xLabel: string; yLabel: string; x: [number, number]; reversed?: boolean; peaks: { at: number; height: number; width: number; label?: string }[] }
    | { kind: 'image'; caption: string; description: string[]; scaleBar: string };
  conclusion: string;
  people: { tester: string; reviewer: string; approver: string };
  issuedAt: Date;
}

export interface ReportFont {
  file?: string | undefined;
  name?: string | undefined;
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const GREY = '#555555';
const LINE = '#999999';

const day = (d: Date) => {
  const local = new Date(d.getTime() + 8 * 3600_000);
  return `${local.getUTCFullYear()}年${local.getUTCMonth() + 1}月${local.getUTCDate()}日`;
};

/** A deterministic pseudo-random stream (the spectrum's noise: the same report every seed). */
function noise(seed: string) {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

let fontCache: { key: string; bytes: Buffer; name: string | undefined } | null = null;
function loadFont(font: ReportFont) {
  const file = font.file || DEFAULT_DOCUMENT_FONT;
  const name = /\.(ttc|otc)$/i.test(file) ? font.name || DEFAULT_DOCUMENT_FONT_NAME : undefined;
  const key = `${file}|${name ?? ''}`;
  if (fontCache?.key === key) return fontCache;
  if (!fs.existsSync(file)) throw new Error(`文书字体不存在：${file}。请安装中文字体（Debian: apt-get install fonts-noto-cjk）或用 LAB_DOCUMENT_FONT 指定一个 .ttf/.otf/.ttc 字体文件`);
  fontCache = { key, bytes: fs.readFileSync(file), name };
  return fontCache;
}

/** The report as PDF bytes. */
export async function renderDemoReport(spec: DemoReportSpec, font: ReportFont = {}): Promise<Buffer> {
  const { bytes, name } = loadFont(font);
  const doc = new PDFKitDocument({
    size: 'A4',
    margins: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    info: { Title: `检测报告 ${spec.reportNo}`, Author: spec.lab.name, Subject: `${spec.test} 检测报告（订单 ${spec.orderNo}）`, Creator: spec.lab.name, CreationDate: spec.issuedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('cjk', bytes, name);
  doc.font('cjk');

  const left = PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  const rule = (y: number) => doc.moveTo(left, y).lineTo(left + width, y).strokeColor(LINE).lineWidth(0.5).stroke();

  // heading
  doc.fontSize(10).fillColor(GREY).text(spec.lab.name, left, PAGE.margin, { width, align: 'center' });
  doc.fontSize(24).fillColor('black').text('检测报告', left, PAGE.margin + 18, { width, align: 'center', characterSpacing: 8 });
  doc.fontSize(9).fillColor(GREY).text(`报告编号：${spec.reportNo}`, left, PAGE.margin + 56, { width, align: 'right' });
  rule(PAGE.margin + 70);

  // facts, two per row
  let y = PAGE.margin + 78;
  const facts: [string, string][] = [
    ['委托单位', spec.client.unit],
    ['委托人', spec.client.name],
    ['订单编号', spec.orderNo],
    ['检测项目', spec.test],
  ];
  // the instrument and the method are long: a row each
  const wide: [string, string][] = [
    ['仪器设备', `${spec.instrument.name}（${spec.instrument.model}）`],
    ['检测依据', spec.method],
  ];
  doc.fontSize(10).fillColor('black');
  for (let i = 0; i < facts.length; i += 2) {
    let h = 0;
    facts.slice(i, i + 2).forEach(([label, value], j) => {
      const text = `${label}：${value}`;
      const x = left + j * (width / 2);
      doc.text(text, x, y, { width: width / 2 - 8 });
      h = Math.max(h, doc.heightOfString(text, { width: width / 2 - 8 }));
    });
    y += h + 5;
  }
  for (const [label, value] of wide) {
    doc.text(`${label}：${value}`, left, y, { width });
    y += doc.heightOfString(`${label}：${value}`, { width }) + 5;
  }

  const heading = (text: string) => {
    y += 4;
    doc.fontSize(11).fillColor('black').text(text, left, y);
    y += 16;
  };
  const table = (columns: string[], widths: number[], rows: string[][]) => {
    const total = widths.reduce((a, b) => a + b, 0);
    const cols = widths.map((w) => (w / total) * width);
    const draw = (cells: string[], bold: boolean) => {
      doc.fontSize(9);
      const h = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: cols[i]! - 8 }))) + 6;
      if (bold) doc.rect(left, y, width, h).fillColor('#eef1f5').fill();
      let x = left;
      cells.forEach((c, i) => {
        doc.fillColor('black').text(c, x + 4, y + 3, { width: cols[i]! - 8 });
        x += cols[i]!;
      });
      doc.rect(left, y, width, h).strokeColor(LINE).lineWidth(0.5).stroke();
      x = left;
      for (const w of cols.slice(0, -1)) {
        x += w;
        doc.moveTo(x, y).lineTo(x, y + h).stroke();
      }
      y += h;
    };
    draw(columns, true);
    for (const row of rows) draw(row, false);
  };

  heading('一、样品信息');
  table(['样品编号', '样品名称'], [1, 2], spec.samples.map((s) => [s.code, s.name]));

  heading('二、检测条件');
  doc.fontSize(9.5);
  for (const [label, value] of spec.conditions) {
    doc.text(`${label}：${value}`, left + 8, y, { width: width - 8 });
    y += doc.heightOfString(`${label}：${value}`, { width: width - 8 }) + 2;
  }

  heading('三、检测结果');
  table(spec.results.columns, spec.results.widths, spec.results.rows);

  // the figure
  y += 10;
  const box = { x: left + 30, y, w: width - 60, h: 115 };
  const figure = spec.figure;
  if (figure.kind === 'spectrum') {
    const [x0, x1] = figure.x;
    const random = noise(spec.reportNo);
    const steps = 400;
    const points: [number, number][] = [];
    for (let i = 0; i <= steps; i++) {
      const at = x0 + ((x1 - x0) * i) / steps;
      let v = 0.04 + random() * 0.025;
      for (const p of figure.peaks) v += p.height * Math.exp(-(((at - p.at) / p.width) ** 2) / 2);
      points.push([at, v]);
    }
    const top = Math.max(...points.map(([, v]) => v)) * 1.22;
    const px = (at: number) => box.x + (figure.reversed ? (x1 - at) / (x1 - x0) : (at - x0) / (x1 - x0)) * box.w;
    const py = (v: number) => box.y + box.h - (v / top) * box.h;
    doc.rect(box.x, box.y, box.w, box.h).strokeColor('#333333').lineWidth(0.7).stroke();
    points.forEach(([at, v], i) => (i === 0 ? doc.moveTo(px(at), py(v)) : doc.lineTo(px(at), py(v))));
    doc.strokeColor('#1f4e9c').lineWidth(0.8).stroke();
    // ticks on x
    doc.fontSize(7).fillColor(GREY);
    for (let k = 0; k <= 5; k++) {
      const at = x0 + ((x1 - x0) * k) / 5;
      doc.moveTo(px(at), box.y + box.h).lineTo(px(at), box.y + box.h + 3).strokeColor('#333333').stroke();
      doc.text(String(Math.round(at * 10) / 10), px(at) - 15, box.y + box.h + 4, { width: 30, align: 'center' });
    }
    for (const p of figure.peaks.filter((q) => q.label)) doc.fontSize(7).fillColor('#b03a2e').text(p.label!, px(p.at) - 30, py(p.height + 0.07) - 10, { width: 60, align: 'center' });
    doc.fontSize(8).fillColor('black').text(figure.xLabel, box.x, box.y + box.h + 14, { width: box.w, align: 'center' });
    doc.save().rotate(-90, { origin: [box.x - 12, box.y + box.h / 2] }).text(figure.yLabel, box.x - 62, box.y + box.h / 2 - 5, { width: 100, align: 'center' }).restore();
    y = box.y + box.h + 28;
  } else {
    // a described micrograph: the field of view outlined, what it shows written in it, the scale bar
    doc.rect(box.x, box.y, box.w, box.h).fillColor('#2b2b2b').fill();
    const random = noise(spec.reportNo);
    for (let i = 0; i < 260; i++) {
      const r = 2 + random() * 5;
      doc.circle(box.x + 6 + random() * (box.w - 12), box.y + 6 + random() * (box.h - 12), r).fillColor(random() > 0.5 ? '#8a8a8a' : '#b5b5b5').fill();
    }
    doc.rect(box.x + 8, box.y + box.h - 26, 86, 22).fillColor('black').fill();
    doc.rect(box.x + 16, box.y + box.h - 10, 70, 3).fillColor('white').fill();
    doc.fontSize(7).fillColor('white').text(figure.scaleBar, box.x + 16, box.y + box.h - 23, { width: 70, align: 'center' });
    y = box.y + box.h + 6;
    doc.fontSize(8.5).fillColor('black');
    for (const line of figure.description) {
      doc.text(line, left + 30, y, { width: width - 60 });
      y += doc.heightOfString(line, { width: width - 60 }) + 1;
    }
    y += 4;
  }
  doc.fontSize(8.5).fillColor(GREY).text(figure.caption, left, y, { width, align: 'center' });
  y += 16;

  heading('四、结论');
  doc.fontSize(9.5).fillColor('black').text(spec.conclusion, left + 8, y, { width: width - 8 });
  y += doc.heightOfString(spec.conclusion, { width: width - 8 }) + 12;

  // signatures, date, the statement
  if (y > PAGE.height - PAGE.margin - 72) {
    doc.addPage();
    y = PAGE.margin;
  }
  rule(y);
  y += 10;
  doc.fontSize(10).fillColor('black');
  const people: [string, string][] = [
    ['检测人', spec.people.tester],
    ['审核人', spec.people.reviewer],
    ['批准人', spec.people.approver],
  ];
  people.forEach(([label, person], i) => doc.text(`${label}：${person}`, left + i * (width / 4), y, { width: width / 4 - 8 }));
  doc.text(`签发日期：${day(spec.issuedAt)}`, left + (3 * width) / 4 - 20, y, { width: width / 4 + 20, align: 'right' });
  y += 22;
  doc.fontSize(8.5).fillColor(GREY);
  for (const note of ['本报告仅对来样负责。', '本报告未经本实验室书面批准，不得部分复制；涂改无效。', `${spec.lab.name}\u3000地址：${spec.lab.address}\u3000电话：${spec.lab.phone}`]) {
    doc.text(note, left, y, { width });
    y += doc.heightOfString(note, { width }) + 1;
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0; // the footer sits below the text area: no new page for it
    doc.fontSize(7.5).fillColor(GREY).text(`报告编号 ${spec.reportNo}\u3000第 ${i - range.start + 1} 页 共 ${range.count} 页`, left, PAGE.height - PAGE.margin + 14, { width, align: 'center', lineBreak: false });
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
