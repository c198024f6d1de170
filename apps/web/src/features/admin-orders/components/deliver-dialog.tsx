import { useState } from 'react';
import { Alert, Input, Modal } from 'antd';
import type { AdminOrderDetail } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { moveOrder, useOrderChange } from '../api/order-steps';
import { ReportFiles } from './report-files';

/**
 * 交付数据: the report files in place (upload here, delete a wrong one), a note for the
 * member, then deliver. The member is told by SMS, e-mail and in-site message at once.
 */
export function DeliverDialog({ detail, open, onClose }: { detail: AdminOrderDetail; open: boolean; onClose: () => void }) {
  const [note, setNote] = useState('');
  const deliver = useOrderChange(({ orderNo, text }: { orderNo: string; text: string }) => moveOrder('deliver', orderNo, text));
  const ready = detail.reports.length > 0;

  const submit = async () => {
    deliver.mutate({ orderNo: detail.orderNo, text: note.trim() }, {
      onSuccess: () => {
        feedback.success('数据已交付，已通知客户');
        setNote('');
        onClose();
      },
    });
  };

  return (
    <Modal
      title={`交付数据：${detail.orderNo}`}
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确认交付"
      cancelText="取消"
      okButtonProps={{ disabled: !ready }}
      confirmLoading={deliver.isPending}
      destroyOnHidden
      width={560}
    >
      <Alert
        type={ready ? 'info' : 'warning'}
        showIcon
        className="desk-dialog-alert"
        title={ready ? '交付后客户即可在订单详情中下载报告，并收到短信、邮件和站内通知。' : '请先上传至少一份报告文件，再交付数据。'}
      />
      <ReportFiles orderNo={detail.orderNo} reports={detail.reports} canUpload canDelete={detail.progress === 'testing'} />
      <label className="desk-field-label" htmlFor="deliver-note">
        给客户的说明（选填）
      </label>
      <Input.TextArea id="deliver-note" className="desk-dialog-note" aria-label="交付说明" rows={3} maxLength={500} showCount value={note} onChange={(event) => setNote(event.target.value)} placeholder="例如：报告已上传，含原始数据与分析图谱" />
    </Modal>
  );
}
