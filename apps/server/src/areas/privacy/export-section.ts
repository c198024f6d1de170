import { labTime } from '@lab/contract';

/** One cell of an exported row. */
export type Cell = string | number | boolean | null;

/** One named section of a member's data export (docs: export-sections.ts). */
export interface ExportSection {
  key: string;
  title: string;
  /** field key → Chinese label, in column order */
  fields: Record<string, string>;
  rows: Record<string, Cell>[];
}

/** A moment as an export cell: the lab's local time, or empty. */
export const exportTime = (d: Date | null | undefined): string | null => (d ? labTime(d) : null);
