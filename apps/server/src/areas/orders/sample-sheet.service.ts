import type { SampleSheetImported } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { choiceKey, itemsByRids, type PricedItem } from './pricing';
import { addLineToPlan, getPlan, isReservableItem, usableItem } from './plan.service';
import { readSampleSheet, type SheetRow } from './sample-sheet-read';
import { sampleSheetTemplate } from './sample-sheet-template';

/**
 * 样品导入表 (decisions/0054): the template of a test item, and a filled one imported into the
 * member's plan. The rows go in grouped by their options — one plan line per combination, added as
 * tempDevice/add adds (addLineToPlan: the catalogue's options checked, the same item and options
 * merged), the line's count set to the sheet's samples — all in one transaction, so a sheet whose
 * lines do not fit in the plan changes nothing. Prices are the plan's (pricing.ts), read back
 * from the same transaction.
 */

/** the test item a sheet is for: published, and one that takes samples (not instrument hours) */
async function sheetItem(db: DbOrTx, rid: string): Promise<PricedItem> {
  const item = usableItem((await itemsByRids(db, [rid])).get(rid));
  if (isReservableItem(item)) throw new AppError('RESERVATION_REQUIRED', '该项目按机时预约，无需导入样品', { status: 400 });
  return item;
}

/** GET tempDevice/sampleSheet: the item's template and the name it downloads under. */
export async function sampleSheetDownload(db: Db, rid: string): Promise<{ body: Buffer; name: string }> {
  const item = await sheetItem(db, rid);
  return { body: await sampleSheetTemplate(item), name: `样品导入表-${item.name}` };
}

/** The sheet's rows by their options, in the order each combination first appears. */
function byChoices(rows: SheetRow[]): Array<{ choices: Record<string, number>; rows: SheetRow[] }> {
  const groups = new Map<string, { choices: Record<string, number>; rows: SheetRow[] }>();
  for (const row of rows) {
    const key = choiceKey(row.choices);
    const group = groups.get(key) ?? { choices: row.choices, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** POST tempDevice/importSheet: the whole sheet into the plan, or nothing (every problem named). */
export async function importSampleSheet(db: Db, memberId: number, rid: string, buffer: Buffer, now: Date): Promise<SampleSheetImported> {
  const item = await sheetItem(db, rid);
  const rows = await readSampleSheet(buffer, item);
  return db.transaction(async (tx) => {
    const lines: SampleSheetImported['lines'] = [];
    for (const group of byChoices(rows)) {
      const count = group.rows.reduce((n, r) => n + r.sample.count, 0);
      const line = await addLineToPlan(tx, memberId, { itemId: item.id, choices: group.choices, count, note: '', setCount: true }, now);
      lines.push({ id: line.rid, samples: group.rows.map((r) => r.sample) });
    }
    return { plan: await getPlan(tx, memberId), lines, rows: rows.length };
  });
}
