import { z } from 'zod';
import { rid } from './fields';
import { planView } from './plan-schemas';
import { SAMPLE_FORMS } from './schemas';

/**
 * 样品导入表 (issue 34): a spreadsheet per test item, one row per sample — the order form's sample
 * fields first, then one column per option of the item with its choices as a drop-down list. The
 * member fills 1–500 rows and uploads it; every problem comes back with its row and column, and
 * nothing is imported until the whole sheet is right. Then the rows join the plan grouped by their
 * options (one plan line per combination, priced by the catalogue like tempDevice/add) and the
 * order form shows their samples.
 */

/** the sample columns, in the template's order; the item's options follow them */
export const SAMPLE_SHEET_COLUMNS = ['样品名称', '数量', '样品形态', '危险性说明', '有磁性', '需要退样'] as const;
/** the yes/no columns' values (blank is 否) */
export const SHEET_YES = '是';
export const SHEET_NO = '否';
/** the most bytes an uploaded sheet may have */
export const SAMPLE_SHEET_MAX_BYTES = 5 * 1024 * 1024;

/** GET the template of an item (?rid=) */
export const sampleSheetQuery = z.object({ rid: rid('项目编号') });
/** the multipart fields of the upload: the item the sheet is for, then one file */
export const sampleSheetFields = z.object({ rid: rid('项目编号') });

/** one problem of a refused sheet: the row (as Excel numbers it; the header is row 1), its column, the sentence */
export const sampleSheetProblemView = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type SampleSheetProblem = z.infer<typeof sampleSheetProblemView>;

/** the data of a refused sheet (status 400): every problem found, the first 200 of them */
export const sampleSheetRefusal = z.object({ problems: z.array(sampleSheetProblemView), total: z.number().int() });
export type SampleSheetRefusal = z.infer<typeof sampleSheetRefusal>;
export const SHEET_PROBLEMS_SHOWN = 200;

export const importedSampleView = z.object({
  name: z.string(),
  count: z.number().int(),
  form: z.enum(SAMPLE_FORMS),
  hazards: z.string(),
  magnetic: z.boolean(),
  returnWanted: z.boolean(),
});
export type ImportedSample = z.infer<typeof importedSampleView>;

/** An imported sheet: the plan as now priced, and per plan line it went into the samples it brings, in the sheet's order. */
export const sampleSheetImported = z.object({
  plan: planView,
  lines: z.array(z.object({ id: z.string(), samples: z.array(importedSampleView) })),
  rows: z.number().int(),
});
export type SampleSheetImported = z.infer<typeof sampleSheetImported>;
