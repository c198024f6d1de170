// Plain values of ordering the detail page reads (through '@lab/contract/orders/values')
// without zod; orders/schemas.ts re-exports them with the schemas that use them.

/** The most samples one line of the plan or of an order may carry. */
export const SAMPLE_COUNT_MAX = 999;

/** one-hour slots an instrument can be booked for (the hour it starts); 12:00 is lunch */
export const RESERVATION_HOURS = [9, 10, 11, 13, 14, 15, 16, 17] as const;
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00-${String(hour + 1).padStart(2, '0')}:00`;
export const HOURS_NOT_CONSECUTIVE_MESSAGE = '请选择连续的预约时段';

/** The most sample rows one spreadsheet (样品导入表) imports, and so the most samples one order line carries. */
export const SAMPLE_SHEET_MAX_ROWS = 500;
