/**
 * The visible seal, drawn (no image file): a red ring, the lab's name along the upper arc, a
 * five-pointed star in the middle and the seal's use (检测专用章, or 测试签章 for a demo
 * certificate) under it, the way a Chinese official seal looks.
 */
const RED = '#d0021b';

export function drawSeal(doc: PDFKit.PDFDocument, centre: { x: number; y: number }, radius: number, name: string, use: string) {
  doc.save();
  doc.fillOpacity(0.85).strokeOpacity(0.85);
  doc.circle(centre.x, centre.y, radius).lineWidth(2.6).strokeColor(RED).stroke();
  star(doc, centre.x, centre.y, radius * 0.26);
  // the name along the upper arc, from about 8 o'clock to 4 o'clock, each character upright to the ring
  const chars = [...name].slice(0, 20);
  const ring = radius * 0.78;
  const gaps = Math.max(chars.length - 1, 1);
  // characters a little more than their size apart along the ring, over at most 250°
  const size = Math.min(radius * 0.24, ((250 * Math.PI) / 180) * ring / gaps / 1.12);
  const arc = chars.length === 1 ? 0 : ((gaps * size * 1.12) / ring) * (180 / Math.PI);
  doc.fontSize(size).fillColor(RED);
  chars.forEach((ch, i) => {
    const angle = -90 - arc / 2 + (chars.length === 1 ? arc / 2 : (arc * i) / (chars.length - 1));
    const rad = (angle * Math.PI) / 180;
    const r = ring;
    const x = centre.x + r * Math.cos(rad);
    const y = centre.y + r * Math.sin(rad);
    doc.save();
    doc.rotate(angle + 90, { origin: [x, y] });
    doc.text(ch, x - size / 2, y - size / 2, { width: size, align: 'center', lineBreak: false });
    doc.restore();
  });
  const useSize = radius * 0.2;
  doc.fontSize(useSize).fillColor(RED);
  doc.text(use, centre.x - radius * 0.6, centre.y + radius * 0.36, { width: radius * 1.2, align: 'center', lineBreak: false });
  doc.restore();
}

function star(doc: PDFKit.PDFDocument, cx: number, cy: number, r: number) {
  const points: [number, number][] = [];
  for (let i = 0; i < 10; i++) {
    const rr = i % 2 === 0 ? r : r * 0.382;
    const a = (-90 + i * 36) * (Math.PI / 180);
    points.push([cx + rr * Math.cos(a), cy + rr * Math.sin(a)]);
  }
  doc.polygon(...points).fill(RED);
}
