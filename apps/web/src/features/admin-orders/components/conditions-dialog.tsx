import { useEffect, useState } from 'react';
import { Alert, Checkbox, Input, Modal, Select, Skeleton } from 'antd';
import type { OrderConditionsView } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { useConfirmConditions, type ConditionsInput } from '../api/order-conditions';

type Lines = ConditionsInput['lines'];

const linesOf = (view: OrderConditionsView): Lines => view.lines.map((l) => ({ rid: l.rid, choices: { ...l.used }, noteZh: l.noteZh, noteEn: l.noteEn }));

/**
 * 确认测试条件: per order line the option values actually used (the ordered ones to start with,
 * changed ones marked) and a note in each language; the confirming person may agree to be named
 * in the member's acknowledgement, with their name in letters for the English sentence.
 */
export function ConditionsDialog({ view, open, onClose }: { view: OrderConditionsView | undefined; open: boolean; onClose: () => void }) {
  const [lines, setLines] = useState<Lines>([]);
  const [creditMe, setCreditMe] = useState(false);
  const [creditNameEn, setCreditNameEn] = useState('');
  const confirm = useConfirmConditions();
  useEffect(() => {
    if (open && view) {
      setLines(linesOf(view));
      setCreditMe(view.confirmed?.credited ?? false);
      setCreditNameEn(view.confirmed?.creditNameEn ?? '');
    }
  }, [open, view]);
  const change = (rid: string, patch: Partial<Lines[number]>) => setLines((all) => all.map((l) => (l.rid === rid ? { ...l, ...patch } : l)));
  const submit = () =>
    view &&
    confirm.mutate(
      { orderNo: view.orderNo, lines, creditMe, creditNameEn: creditNameEn.trim() },
      {
        onSuccess: () => {
          feedback.success('测试条件已确认，客户的论文方法与致谢已更新为正式版本');
          onClose();
        },
      },
    );
  return (
    <Modal title={`确认测试条件${view ? `：${view.orderNo}` : ''}`} open={open} onCancel={onClose} onOk={submit} okText="确认" cancelText="取消" confirmLoading={confirm.isPending} destroyOnHidden width={640}>
      {!view ? (
        <Skeleton active />
      ) : (
        <div className="desk-conditions">
          <Alert type="info" showIcon className="desk-dialog-alert" title="请按实际测试填写：客户生成的论文“实验方法”据此写出；确认前客户看到的是草稿。" />
          {view.lines.map((line) => {
            const edit = lines.find((l) => l.rid === line.rid);
            if (!edit) return null;
            return (
              <fieldset key={line.rid} className="desk-conditions-line" aria-label={line.name}>
                <legend>
                  {line.name} <span className="admin-muted">× {line.count} {line.unit}</span>
                </legend>
                {line.options.map((option) => {
                  const value = edit.choices[String(option.id)];
                  const changed = value !== line.ordered[String(option.id)];
                  return (
                    <label key={option.id} className="desk-conditions-option">
                      <span>
                        {option.name}
                        {changed ? <span className="desk-overdue">（已改，下单时为「{option.choices.find((c) => c.id === line.ordered[String(option.id)])?.label ?? '—'}」）</span> : null}
                      </span>
                      <Select
                        aria-label={`${line.name} ${option.name}`}
                        value={value}
                        onChange={(choice: number) => change(line.rid, { choices: { ...edit.choices, [String(option.id)]: choice } })}
                        options={option.choices.map((c) => ({ value: c.id, label: c.label }))}
                      />
                    </label>
                  );
                })}
                <Input.TextArea aria-label={`${line.name} 补充条件（中文）`} rows={2} maxLength={300} value={edit.noteZh} onChange={(e) => change(line.rid, { noteZh: e.target.value })} placeholder="补充条件（中文，选填），如：样品于 60 ℃ 真空干燥 12 h" />
                <Input.TextArea aria-label={`${line.name} 补充条件（英文）`} rows={2} maxLength={500} value={edit.noteEn} onChange={(e) => change(line.rid, { noteEn: e.target.value })} placeholder="Additional conditions in English (optional)" />
              </fieldset>
            );
          })}
          <Checkbox checked={creditMe} onChange={(e) => setCreditMe(e.target.checked)}>
            我同意在客户论文的致谢中写明我的姓名
          </Checkbox>
          {creditMe ? <Input aria-label="英文署名" maxLength={60} value={creditNameEn} onChange={(e) => setCreditNameEn(e.target.value)} placeholder="姓名拼音，如 Zhang San" /> : null}
        </div>
      )}
    </Modal>
  );
}
