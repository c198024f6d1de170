import { promisedWorkingDays, type ItemWait } from '@lab/contract';
import type { DbOrTx } from '../../../db/client';
import { itemsByIds, itemsByRids } from '../../catalog';
import { instrumentWaits } from './queue-estimate';

/**
 * The typical current wait of published items (the item page, the order form's warning): what a
 * sample sent today would see, against the working days the item's 测试周期 states. Unknown or
 * unpublished items are left out; instruments booked by the hour have no sample queue.
 */
export async function itemWaits(db: DbOrTx, rids: string[], now: Date): Promise<ItemWait[]> {
  const items = [...(await itemsByRids(db, rids)).values()].filter((item) => item.published && !item.reservable && item.typeId !== 2);
  const waits = await instrumentWaits(
    db,
    items.map((item) => item.id),
    now,
  );
  return items.flatMap((item) => {
    const wait = waits.get(item.id);
    if (!wait) return [];
    const promisedDays = promisedWorkingDays(item.turnaround);
    return [{ ...wait, itemRid: item.rid, promisedDays, beyondPromise: promisedDays !== null && wait.maxDays > promisedDays }];
  });
}

/** The working days each item's 测试周期 states (null: none stated), for the slip alert. */
export async function promisedDaysOfItems(db: DbOrTx, itemIds: number[]): Promise<Map<number, number | null>> {
  const items = await itemsByIds(db, itemIds);
  return new Map([...items].map(([id, item]) => [id, promisedWorkingDays(item.turnaround)]));
}
