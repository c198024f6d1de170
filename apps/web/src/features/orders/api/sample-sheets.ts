import type { sampleSheets as table } from '@lab/contract/orders/sample-sheet-calls';
import routes from 'virtual:calls/sampleSheets';
import { downloadFile } from '../../../lib/download';
import { bindCalls } from '../../../api/client';

/** 样品导入表: an item's template, a filled one imported into the plan */
export const sampleSheets = bindCalls<typeof table>(routes, downloadFile);

/** GET the item's template (样品导入表-<项目>.xlsx). */
export const downloadSampleSheet = (rid: string, name: string) => sampleSheets.template({ rid }, `样品导入表-${name}.xlsx`);

/** Multipart: the rid field first, then the filled sheet. */
export function importSampleSheet(rid: string, file: File) {
  const form = new FormData();
  form.append('rid', rid);
  form.append('file', file, file.name);
  return sampleSheets.import(form);
}
