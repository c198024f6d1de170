/**
 * Sealed documents (issue 32, docs/performance.md): drawing and signing a 3-page 测试明细清单
 * with the demo certificate, and signing alone (the PKCS#7 over the byte ranges). Prints figures;
 * not a test. `npm run bench:documents -w @lab/server`
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { documentSeal } from '../src/platform/providers/document-seal';
import { renderSealedPdf, type SealedPdfSpec } from '../src/platform/sealed-pdf';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-documents-'));
const seal = documentSeal({ dataDir });
const rows = Array.from({ length: 48 }, (_, i) => [String(i + 1), `X射线衍射 XRD（物相分析）\n扫描速度：常规 10°/min`, `KY2026120712345678-${i + 1}-1 粉末样品`, '3 样', '¥170.00', '¥510.00']);
const spec: SealedPdfSpec = {
  title: '测试明细清单',
  no: 'QD20261207123456',
  verifyUrl: 'https://shop.example.cn/verify/QD20261207123456',
  lab: { name: '上海科研检测技术服务有限公司', address: '上海市徐汇区桂平路 680 号', phone: '400-820-6688' },
  issuedAt: new Date(),
  facts: [
    ['委托方', '同济大学材料学院 李老师'],
    ['订单编号', 'KY2026120712345678'],
  ],
  table: { columns: [{ label: '序号', width: 0.6 }, { label: '检测项目与条件', width: 3.4 }, { label: '样品编号', width: 2.2 }, { label: '数量', width: 0.9 }, { label: '单价', width: 1.2 }, { label: '金额', width: 1.3 }], rows },
  totals: [['应付金额', 48 * 51_000]],
  notes: ['本清单列明本订单的检测项目、样品与费用。'],
  contentSha256: 'ab'.repeat(32),
};

const time = async (label: string, runs: number, work: () => Promise<unknown>) => {
  await work(); // warm: the certificate made, the font read
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`${label}: median ${times[Math.floor(runs / 2)]!.toFixed(0)} ms, max ${times[runs - 1]!.toFixed(0)} ms (${runs} runs)`);
};

const pdf = await renderSealedPdf(spec, seal);
const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
console.log(`the document: ${pages} pages, ${(pdf.length / 1024).toFixed(0)} KB`);
await time('draw + sign (3 pages)', 10, () => renderSealedPdf(spec, seal));
// signing alone: the same unsigned bytes each time (the placeholder is found again)
const unsigned = Buffer.from(pdf);
await time('sign only', 10, () => seal.sign(Buffer.from(unsigned.toString('latin1').replace(/\/ByteRange \[0 \d+ \d+ \d+\s*\]/, (m) => `/ByteRange [0 /********** /********** /**********]${' '.repeat(Math.max(0, m.length - 46))}`), 'latin1'), new Date()));
fs.rmSync(dataDir, { recursive: true, force: true });
