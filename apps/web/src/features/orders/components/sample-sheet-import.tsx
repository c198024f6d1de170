import { useState } from 'react';
import { Alert, Button, Modal, Upload } from 'antd';
import { FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { SAMPLE_SHEET_MAX_BYTES, SAMPLE_SHEET_MAX_ROWS, type PlanLine, type SampleSheetImported, type SampleSheetRefusal } from '@lab/contract';
import { planKey } from '../../../api/query-keys';
import { ApiError } from '../../../lib/api';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { downloadSampleSheet, importSampleSheet } from '../api/sample-sheets';
import { FileDownload } from './file-download';
import { orderDrafts } from './order-draft';
import { newSample } from './sample-rows';
import { draftOfValues, type OrderForm, type OrderValues } from './use-order-form';

interface Refused {
  message: string;
  problems: SampleSheetRefusal['problems'];
  total: number;
}

const refusedOf = (error: ApiError): Refused => {
  const data = error.data as Partial<SampleSheetRefusal> | null;
  return { message: error.message, problems: data?.problems ?? [], total: data?.total ?? 0 };
};

/**
 * 表格导入样品 for one test line of the order form (decisions/0054): the item's template to
 * download, the filled sheet to upload. A refused sheet lists every problem by row and column
 * here and changes nothing; an imported one fills the form through the member's draft: each plan
 * line it went into (one per combination of options, the line's count set to its samples) gets
 * the sheet's samples in place of what it held, the new lines join the form, and the amounts are
 * the plan's prices the form already draws.
 */
export function SampleSheetImport({ form, line }: { form: OrderForm; line: PlanLine }) {
  const [open, setOpen] = useState(false);
  const [refused, setRefused] = useState<Refused | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  const fill = (result: SampleSheetImported) => {
    const draft = draftOfValues(form.form.getFieldsValue(true) as OrderValues, form.lines);
    for (const imported of result.lines) {
      draft.lines[imported.id] = { samples: imported.samples.map((s) => ({ ...newSample(), ...s })), note: draft.lines[imported.id]?.note ?? '' };
    }
    if (form.memberRid) orderDrafts.save(form.memberRid, draft);
    queryClient.setQueryData(planKey, result.plan);
    // a form of chosen lines (?ids=) takes the sheet's new lines too; without ids it shows the whole plan
    const ids = (params.get('ids') ?? '').split(',').filter(Boolean);
    if (ids.length > 0) {
      const next = new URLSearchParams(params);
      next.set('ids', [...new Set([...ids, ...result.lines.map((l) => l.id)])].join(','));
      void navigate({ search: next.toString() }, { replace: true });
    }
    form.reloadDraft();
  };

  const upload = useApiMutation({
    mutationFn: (file: File) => importSampleSheet(line.rid, file),
    // a refusal is shown in the dialog, with every problem of the sheet
    handlesError: (error) => error instanceof ApiError && error.status > 0,
    onError: (error) => {
      if (error instanceof ApiError && error.status > 0) setRefused(refusedOf(error));
    },
    onSuccess: (result) => {
      fill(result);
      setOpen(false);
      feedback.success(result.lines.length > 1 ? `已导入 ${result.rows} 个样品（按测试条件分为 ${result.lines.length} 个项目）` : `已导入 ${result.rows} 个样品`);
    },
  });

  return (
    <>
      <Button className="order-sheet-open" icon={<FileExcelOutlined />} onClick={() => (setRefused(null), setOpen(true))}>
        表格导入样品
      </Button>
      <Modal open={open} title={`表格导入样品 · ${line.name}`} footer={null} onCancel={() => setOpen(false)} width={640} destroyOnHidden>
        <ol className="order-sheet-steps">
          <li>
            <p>下载本项目的样品导入模板：每行一个样品，样品形态、测试选项等从下拉列表中选择；一次 1–{SAMPLE_SHEET_MAX_ROWS} 行。</p>
            <FileDownload label="下载模板" download={() => downloadSampleSheet(line.rid, line.name)} />
          </li>
          <li>
            <p>上传填好的表格。测试条件不同的样品分别加入实验计划；导入的样品替换对应项目中已填写的样品。</p>
            <Upload
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              showUploadList={false}
              maxCount={1}
              beforeUpload={(file) => {
                setRefused(null);
                if (file.size > SAMPLE_SHEET_MAX_BYTES) setRefused({ message: `文件不能超过${SAMPLE_SHEET_MAX_BYTES / 1024 / 1024}MB`, problems: [], total: 0 });
                else upload.mutate(file);
                return false;
              }}
            >
              <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending}>
                上传表格
              </Button>
            </Upload>
          </li>
        </ol>
        {refused ? (
          <Alert
            className="order-sheet-problems"
            type="error"
            showIcon
            title={refused.problems.length > 0 ? `表格有 ${refused.total} 处问题，未导入任何样品，请修改后重新上传` : refused.message}
            description={
              refused.problems.length > 0 ? (
                <ul aria-label="表格问题">
                  {refused.problems.map((p) => (
                    <li key={`${p.row}-${p.column}-${p.message}`}>{p.message}</li>
                  ))}
                  {refused.total > refused.problems.length ? <li>……另有 {refused.total - refused.problems.length} 处问题</li> : null}
                </ul>
              ) : undefined
            }
          />
        ) : null}
      </Modal>
    </>
  );
}
