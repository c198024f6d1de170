import { calls } from '@lab/contract/calls';
import { SAMPLE_SHEET_MAX_BYTES, sampleSheetFields } from '@lab/contract';
import { serve } from '../../platform/calls';
import { badRequest } from '../../platform/errors';
import { readUpload, sniffSheet, uploadSpec } from '../../platform/files';
import { sendXlsx } from '../../platform/xlsx';
import { importSampleSheet, sampleSheetDownload } from './sample-sheet.service';

/** the sheet is read, never stored: `kind` names the folder an upload spec must have */
const sampleSheetUpload = uploadSpec({ kind: 'documents', maxBytes: SAMPLE_SHEET_MAX_BYTES, types: ['xlsx'], fields: sampleSheetFields });

/** 样品导入表: an item's template, and a filled one imported into the plan (decisions/0054). */
export const sampleSheetRoutes = serve(calls.sampleSheets, {
  template: async ({ db, query, reply }) => {
    const file = await sampleSheetDownload(db, query.rid);
    return sendXlsx(reply, file.body, 'sample-sheet', file.name);
  },
  import: {
    config: { upload: sampleSheetUpload },
    handler: async ({ db, memberId, request, now }) => {
      const { fields, file } = await readUpload(request, sampleSheetUpload);
      if (!file || file.length === 0) throw badRequest('[文件]不能为空');
      if (sniffSheet(file) !== 'xlsx') throw badRequest('仅支持 XLSX 文件');
      return importSampleSheet(db, memberId, fields.rid, file, now);
    },
  },
});
