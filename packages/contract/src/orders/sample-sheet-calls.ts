import { call, resource } from '../call';
import { sampleSheetImported, sampleSheetQuery } from './sample-sheet-schemas';
import { SAMPLE_SHEET_MAX_ROWS } from './values';

/** 样品导入表: the order form's spreadsheet of samples for one test item. */
export const sampleSheets = resource('sampleSheets', {
  template: call({
    method: 'GET',
    path: '/api/auth/tempDevice/sampleSheet',
    who: 'member',
    summary: '下载样品导入模板',
    description: `一个项目的 xlsx 模板：每行一个样品，样品信息在前，其后每个测试选项一列（下拉可选值）；最多 ${SAMPLE_SHEET_MAX_ROWS} 行。`,
    query: sampleSheetQuery,
    data: 'file',
  }),
  import: call({
    method: 'POST',
    path: '/api/auth/tempDevice/importSheet',
    who: 'member',
    summary: '导入样品表',
    description: `multipart：先 rid 字段（项目），再一个文件（该项目的 xlsx 模板，最大 5 MB，1–${SAMPLE_SHEET_MAX_ROWS} 行）。有问题时整表不导入，400 的 data.problems 逐条给出行号、列名与原因；通过后按选项组合加入实验计划（同项目同选项合并），答复各计划行的样品。`,
    multipart: true,
    data: sampleSheetImported,
    done: '样品已导入',
  }),
});
