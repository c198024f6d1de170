// Plain values of ordering the detail page reads (through '@lab/contract/orders/values')
// without zod; orders/schemas.ts re-exports them with the schemas that use them.
import { weekdayOf } from '../dates';

/** The most samples one line of the plan or of an order may carry. */
export const SAMPLE_COUNT_MAX = 999;

/** one-hour slots an instrument can be booked for (the hour it starts); 12:00 is lunch */
export const RESERVATION_HOURS = [9, 10, 11, 13, 14, 15, 16, 17] as const;
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00-${String(hour + 1).padStart(2, '0')}:00`;
export const HOURS_NOT_CONSECUTIVE_MESSAGE = '请选择连续的预约时段';

/** The most sample rows one spreadsheet (样品导入表) imports, and so the most samples one order line carries. */
export const SAMPLE_SHEET_MAX_ROWS = 500;

/** How a booked day is priced by an option whose choices follow the slot: Monday–Friday or the weekend. */
export type SlotRate = 'weekday' | 'weekend';
export const slotRateOf = (day: string): SlotRate => (weekdayOf(day) === 0 || weekdayOf(day) === 6 ? 'weekend' : 'weekday');
export const slotRateLabels: Record<SlotRate, string> = { weekday: '工作日', weekend: '周末' };

type SlotOption = { id: number; choices: readonly { id: number; slot?: SlotRate | undefined }[] };

/** Whether an option's price follows the booked slot (one of its choices is marked weekday or weekend). */
export const followsSlot = (option: SlotOption) => option.choices.some((c) => c.slot !== undefined);

/**
 * The choice each slot-priced option takes for a booking on `day` (option id → choice id): the
 * one marked with the day's rate. A weekend booking carries the weekend surcharge and a weekday
 * one none, whatever the member picked; the server prices with it, the web shows it. An option
 * with no choice for the day's rate is left to the member.
 */
export function slotChoices(options: readonly SlotOption[], day: string): Record<string, number> {
  const rate = slotRateOf(day);
  const chosen: Record<string, number> = {};
  for (const option of options) {
    const choice = option.choices.find((c) => c.slot === rate);
    if (choice) chosen[String(option.id)] = choice.id;
  }
  return chosen;
}
