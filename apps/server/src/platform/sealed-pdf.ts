import PDFKitDocument from 'pdfkit';
import { PDFArray, PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import { DEFAULT_BYTE_RANGE_PLACEHOLDER as BYTE_RANGE_PLACEHOLDER } from '@signpdf/utils';
import QRCode from 'qrcode';
import { fenInWords, formatFen, type AgreementClause } from '@lab/contract';
import type { DocumentSeal } from './providers/document-seal';
import { drawSeal } from './seal-drawing';

/**
 * One sealed document as a PDF (decisions/0040-sealed-documents.md): A4, real text in the CJK font
 * of the seal provider, the number and a QR code to `/verify/<no>` on every page, the lines, the
 * totals in figures and in 大写, the terms, the lab's drawn seal over a PKCS#7 detached signature
 * (adbe.pkcs7.detached) of the whole file, and 测试签章 across every page of a demo seal.
 */
export interface SealedPdfSpec {
  /** 报价单, 测试明细清单, 缴费通知书… */
  title: string;
  no: string;
  verifyUrl: string;
  lab: { name: string; address: string; phone: string };
  issuedAt: Date;
  /** label and value pairs under the title (委托方, 订单号, 有效期至…) */
  facts: [string, string][];
  table?: { columns: { label: string; width: number; align?: 'left' | 'right' | 'center' }[]; rows: string[][] };
  /** label and amount lines under the table; the last one is the total written in 大写 too */
  totals: [string, number][];
  notes: string[];
  /** the heading over the notes (default 说明与条款) */
  notesTitle?: string;
  /**
   * Terms drawn before the notes under 协议条款 (an agreement's): each heading on a line of its own
   * with space above it, kept with the first line of its text; paragraphs and list items under it.
   */
  clauses?: AgreementClause[];
  /** SHA-256 of the document's content (its data, not the file), printed in the footer */
  contentSha256: string;
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const RED = '#c8102e';
const GREY = '#666666';

const day = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/** The PDF of `spec`, signed by `seal`. */
export async function renderSealedPdf(spec: SealedPdfSpec, seal: DocumentSeal): Promise<Buffer> {
  const font = seal.font();
  const signer = seal.signer;
  const doc = new PDFKitDocument({
    size: 'A4',
    margins: { top: PAGE.margin, bottom: PAGE.margin + 20, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    info: { Title: `${spec.title} ${spec.no}`, Author: spec.lab.name, Subject: spec.title, Creator: spec.lab.name, CreationDate: spec.issuedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('cjk', font.bytes, font.name);
  doc.font('cjk');

  const qr = await QRCode.toBuffer(spec.verifyUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const left = PAGE.margin;
  const contentWidth = PAGE.width - 2 * PAGE.margin;

  // heading
  doc.fontSize(11).fillColor(GREY).text(spec.lab.name, left, PAGE.margin);
  doc.fontSize(22).fillColor('black').text(spec.title, left, PAGE.margin + 22, { width: contentWidth - 90 });
  doc.fontSize(9).fillColor(GREY).text(`编号：${spec.no}    出具日期：${day(spec.issuedAt)}`, left, PAGE.margin + 56);
  doc.image(qr, PAGE.width - PAGE.margin - 76, PAGE.margin - 6, { width: 76 });
  doc.fontSize(7).text('扫码验证真伪', PAGE.width - PAGE.margin - 76, PAGE.margin + 72, { width: 76, align: 'center' });
  doc.moveTo(left, PAGE.margin + 86).lineTo(PAGE.width - PAGE.margin, PAGE.margin + 86).strokeColor('#999999').lineWidth(0.5).stroke();

  // facts, two per row
  doc.fillColor('black').fontSize(10);
  let y = PAGE.margin + 96;
  for (let i = 0; i < spec.facts.length; i += 2) {
    const row = spec.facts.slice(i, i + 2);
    let rowHeight = 0;
    row.forEach(([label, value], j) => {
      const x = left + j * (contentWidth / 2);
      const text = `${label}：${value}`;
      const h = doc.heightOfString(text, { width: contentWidth / 2 - 8 });
      doc.text(text, x, y, { width: contentWidth / 2 - 8 });
      rowHeight = Math.max(rowHeight, h);
    });
    y += rowHeight + 4;
  }
  y += 6;

  if (spec.table) y = drawTable(doc, spec.table, y);

  // totals: figures, and the last in capitals
  y += 6;
  const bottom = () => PAGE.height - PAGE.margin - 20;
  const ensure = (need: number) => {
    if (y + need > bottom()) {
      doc.addPage();
      doc.font('cjk');
      y = PAGE.margin;
    }
  };
  spec.totals.forEach(([label, fen], i) => {
    ensure(18);
    const last = i === spec.totals.length - 1;
    doc.fontSize(last ? 12 : 10).fillColor('black');
    doc.text(`${label}：${formatFen(fen)}`, left, y, { width: contentWidth, align: 'right' });
    y += last ? 18 : 15;
    if (last) {
      doc.fontSize(10).text(`人民币大写：${fenInWords(fen)}`, left, y, { width: contentWidth, align: 'right' });
      y += 18;
    }
  });

  if (spec.clauses?.length) {
    y += 8;
    ensure(30);
    doc.fontSize(11).fillColor('black').text('协议条款', left, y);
    y += 18;
    // a heading: its own line, larger and black, 7 pt above it, never left alone at the foot of a
    // page (it moves on with the first line of its text); paragraphs at 9 pt; items behind a bullet
    spec.clauses.forEach((clause, i, all) => {
      if (clause.kind === 'heading') {
        doc.fontSize(10.5);
        const h = doc.heightOfString(clause.text, { width: contentWidth });
        const next = all[i + 1];
        doc.fontSize(9);
        const firstLine = next && next.kind !== 'heading' ? doc.currentLineHeight(true) + 2 : 0;
        if (i > 0) y += 7;
        ensure(h + 3 + firstLine);
        doc.fontSize(10.5).fillColor('black').text(clause.text, left, y, { width: contentWidth });
        y += h + 3;
        return;
      }
      const indent = clause.kind === 'item' ? 12 : 0;
      doc.fontSize(9).fillColor('#333333');
      const h = doc.heightOfString(clause.text, { width: contentWidth - indent });
      ensure(h + 3);
      if (clause.kind === 'item') doc.text('·', left + 3, y, { lineBreak: false });
      doc.text(clause.text, left + indent, y, { width: contentWidth - indent });
      y += h + 3;
    });
  }

  if (spec.notes.length > 0) {
    y += 8;
    ensure(30);
    doc.fontSize(11).fillColor('black').text(spec.notesTitle ?? '说明与条款', left, y);
    y += 18;
    doc.fontSize(9).fillColor('#333333');
    spec.notes.forEach((note, i) => {
      const text = `${i + 1}. ${note}`;
      const h = doc.heightOfString(text, { width: contentWidth });
      ensure(h + 4);
      doc.text(text, left, y, { width: contentWidth });
      y += h + 4;
    });
  }

  // the signing block with the seal over it
  ensure(150);
  y += 16;
  const sealCentre = { x: PAGE.width - PAGE.margin - 90, y: y + 56 };
  doc.fontSize(10).fillColor('black');
  doc.text(`出具单位（盖章）：${spec.lab.name}`, left, y + 20);
  doc.text(`地址：${spec.lab.address}`, left, y + 38, { width: contentWidth - 200 });
  doc.text(`电话：${spec.lab.phone}`, left, y + 56);
  doc.text(`日期：${day(spec.issuedAt)}`, left, y + 74);
  // a real seal bears the certificate's organisation, so what is drawn is who signed
  drawSeal(doc, sealCentre, 52, seal.demo ? spec.lab.name : signer || spec.lab.name, seal.demo ? '测试签章' : '检测专用章');
  const sealPage = doc.bufferedPageRange().start + doc.bufferedPageRange().count - 1;

  // every page: footer, and the demo mark
  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    doc.font('cjk');
    if (seal.demo) demoMark(doc);
    doc.fontSize(7).fillColor(GREY);
    const footer = `编号 ${spec.no} · 第 ${p - range.start + 1}/${range.count} 页 · 内容摘要 SHA-256 ${spec.contentSha256} · 验证：${spec.verifyUrl}`;
    doc.text(footer, left, PAGE.height - PAGE.margin + 4, { width: contentWidth, lineBreak: true, height: 24 });
  }

  doc.end();
  await ended;
  // the signature field: its widget covers the drawn seal
  const unsigned = await withSignaturePlaceholder(Buffer.concat(chunks), sealPage - range.start, {
    rect: [sealCentre.x - 52, PAGE.height - sealCentre.y - 52, sealCentre.x + 52, PAGE.height - sealCentre.y + 52],
    name: signer,
    reason: `${spec.title} ${spec.no}`,
    location: spec.lab.address,
    signedAt: spec.issuedAt,
  });
  return seal.sign(unsigned, spec.issuedAt);
}

function drawTable(doc: PDFKit.PDFDocument, table: NonNullable<SealedPdfSpec['table']>, top: number): number {
  const left = PAGE.margin;
  const total = table.columns.reduce((s, c) => s + c.width, 0);
  const scale = (PAGE.width - 2 * PAGE.margin) / total;
  const widths = table.columns.map((c) => c.width * scale);
  const pad = 4;
  let y = top;
  const row = (cells: string[], header: boolean) => {
    doc.fontSize(header ? 9.5 : 9).fillColor('black');
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: widths[i]! - 2 * pad }))) + 2 * pad;
    if (y + height > PAGE.height - PAGE.margin - 20) {
      doc.addPage();
      doc.font('cjk');
      y = PAGE.margin;
    }
    let x = left;
    if (header) doc.rect(left, y, widths.reduce((a, b) => a + b, 0), height).fill('#f2f2f2').fillColor('black');
    cells.forEach((cell, i) => {
      doc.rect(x, y, widths[i]!, height).strokeColor('#999999').lineWidth(0.5).stroke();
      doc.text(cell, x + pad, y + pad, { width: widths[i]! - 2 * pad, align: table.columns[i]!.align ?? 'left' });
      x += widths[i]!;
    });
    y += height;
  };
  row(
    table.columns.map((c) => c.label),
    true,
  );
  for (const cells of table.rows) row(cells, false);
  return y;
}

/** 测试签章 across the page, light, under nothing a reader needs. */
function demoMark(doc: PDFKit.PDFDocument) {
  doc.save();
  doc.rotate(-30, { origin: [PAGE.width / 2, PAGE.height / 2] });
  doc.fontSize(60).fillColor(RED).fillOpacity(0.12);
  doc.text('测试签章 仅供演示', 40, PAGE.height / 2 - 30, { width: PAGE.width - 80, align: 'center', lineBreak: false });
  doc.restore();
  doc.fillOpacity(1);
  doc.fontSize(8).fillColor(RED).text('测试签章：本文件由演示证书签署，不具法律效力', PAGE.margin, PAGE.margin - 30, { lineBreak: false });
}

export const SIGNATURE_BYTES = 16384;

/**
 * The signature dictionary with an empty /Contents (hex zeros) and /ByteRange placeholders that
 * @signpdf/signpdf fills, one signature field whose widget is the seal's rectangle on the seal's
 * page, and the form, added to pdfkit's finished file through pdf-lib's public API (pdfkit has
 * none for signature fields). Texts are UTF-16 hex strings, so the Chinese name, reason and place
 * read right in a reader's signature panel. Saved without object streams: the signature
 * dictionary stays a plain object whose placeholders the signer finds.
 */
async function withSignaturePlaceholder(pdf: Buffer, pageIndex: number, field: { rect: number[]; name: string; reason: string; location: string; signedAt: Date }): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const page = doc.getPage(pageIndex);
  const { context } = doc;
  const byteRange = context.obj([0, PDFName.of(BYTE_RANGE_PLACEHOLDER), PDFName.of(BYTE_RANGE_PLACEHOLDER), PDFName.of(BYTE_RANGE_PLACEHOLDER)]);
  const signature = context.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'adbe.pkcs7.detached',
    ByteRange: byteRange,
    Contents: PDFHexString.of('00'.repeat(SIGNATURE_BYTES)),
    Reason: PDFHexString.fromText(field.reason),
    M: PDFString.fromDate(field.signedAt),
    Name: PDFHexString.fromText(field.name),
    Location: PDFHexString.fromText(field.location),
  });
  const signatureRef = context.register(signature);
  const appearance = context.register(context.formXObject([], { BBox: [0, 0, field.rect[2]! - field.rect[0]!, field.rect[3]! - field.rect[1]!], Resources: {} }));
  const widget = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      Rect: field.rect,
      V: signatureRef,
      T: PDFHexString.fromText('LabSeal'),
      F: 4,
      P: page.ref,
      AP: { N: appearance },
    }),
  );
  const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray) ?? context.obj([]);
  annots.push(widget);
  page.node.set(PDFName.of('Annots'), annots);
  doc.catalog.set(PDFName.of('AcroForm'), context.register(context.obj({ SigFlags: 3, Fields: [widget] })));
  return Buffer.from(await doc.save({ useObjectStreams: false, updateFieldAppearances: false }));
}
