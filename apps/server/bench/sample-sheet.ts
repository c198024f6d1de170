/**
 * 样品导入表 (issue 34, docs/performance.md): a filled 500-row sheet of the seeded XRD item read
 * (exceljs), checked row by row and imported into a member's plan, priced by the catalogue — the
 * whole of POST tempDevice/importSheet after the upload is read. Rows vary over the item's two
 * options (4 plan lines). Prints the median and worst of 10 runs, and the reading alone. Prints
 * figures; not a test. `npm run bench:sample-sheet -w @lab/server` (BENCH_ONLY=PostgreSQL: one engine)
 */
import os from 'node:os';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { SAMPLE_SHEET_MAX_ROWS } from '@lab/contract';
import { seedCatalog } from '../src/areas/catalog/catalog.seed';
import { serviceItems } from '../src/areas/catalog/catalog.tables';
import { readSampleSheet } from '../src/areas/orders/sample-sheet-read';
import { sampleSheetTemplate } from '../src/areas/orders/sample-sheet-template';
import { importSampleSheet } from '../src/areas/orders/sample-sheet.service';
import type { Database } from '../src/db/client';
import { onEachDatabase } from './databases';

const RUNS = 10;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (${sorted.length} runs)`;
};

async function run(label: string, database: Database) {
  const db = database.db;
  await seedCatalog(db);
  const [item] = await db.select().from(serviceItems).where(eq(serviceItems.name, 'XRD 粉末衍射（物相分析）')).limit(1);
  if (!item) throw new Error('the seeded XRD item is missing');
  const inserted = await db.execute(sql`insert into members (rid, phone, nickname, name, company, invite_code, organization, created_at)
    values ('bench-sheet-member', '13800000001', '批量送样', '李同学', '上海交通大学 材料学院', 'IBENCHSHEET', 0, now()) returning id`);
  const memberId = Number((inserted as unknown as { rows: Array<{ id: number }> }).rows[0]!.id);

  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await sampleSheetTemplate(item)) as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('样品')!;
  const [speed, temperature] = item.options;
  for (let i = 0; i < SAMPLE_SHEET_MAX_ROWS; i++) {
    sheet.addRow([`LFP-${i + 1}`, 1 + (i % 3), i % 7 ? '粉末' : '块体', i % 50 ? '' : '易燃', '否', i % 2 ? '是' : '否', speed!.choices[i % 2]!.label, temperature!.choices[(i >> 1) % 2]!.label]);
  }
  const bytes = Buffer.from(await book.xlsx.writeBuffer());

  const reading: number[] = [];
  const whole: number[] = [];
  let lines = 0;
  await importSampleSheet(db, memberId, item.rid, bytes, new Date()); // warm
  for (let i = 0; i < RUNS; i++) {
    let start = performance.now();
    await readSampleSheet(bytes, item);
    reading.push(performance.now() - start);
    start = performance.now();
    const imported = await importSampleSheet(db, memberId, item.rid, bytes, new Date());
    whole.push(performance.now() - start);
    lines = imported.lines.length;
  }
  console.log(`\n${label}: ${SAMPLE_SHEET_MAX_ROWS} rows, ${(bytes.length / 1024).toFixed(0)} KB xlsx, ${lines} plan lines (load ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`);
  console.log(`  read and check only: ${summary(reading)}`);
  console.log(`  read, check, import and price: ${summary(whole)}`);
}

await onEachDatabase('sample_sheet', run);
