import { labDay, labMinute } from '@lab/contract/dates';

/** An instant from an answer (ISO text, or a Date) as a Date; null when there is none or it is not one. */
function instant(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An instant as the site shows dates: YYYY-MM-DD on the lab's calendar (the contract's date module). */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = instant(value);
  return date ? labDay(date) : '';
}

/** An instant as the site shows times: 'YYYY-MM-DD HH:mm' on the lab's clock, whatever the machine's zone. */
export function formatDateTime(value: string | null | undefined): string {
  const date = instant(value);
  return date ? labMinute(date) : '';
}
