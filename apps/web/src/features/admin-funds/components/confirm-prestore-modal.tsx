import { useEffect, useState } from 'react';
import { Alert, Button, Input, Modal } from 'antd';
import type { AdminPrestore } from '@lab/contract';
import { Money } from '../../../components/admin/money';
import { Summary } from '../../../components/admin/summary';
import { formatDateTime } from '../../../lib/format';
import { OwnLimitHint } from '../../../components/admin/own-limit';
import { confirmPrestore } from '../api/decide-prestore';
import { useFinanceMutation } from '../api/use-finance-mutation';

/**
 * 确认到账: finance compares the bank statement with the application (number, payer, amount)
 * and confirms; the top-up and the bonus of the tiers in force are booked at once — or, above the
 * person's top-up limits (one confirmation, the day, the month, the same customer), filed for a
 * colleague's approval (the dialog then says so).
 */
export function ConfirmPrestoreModal({ application, onClose, onShowReceipt }: { application: AdminPrestore | null; onClose: () => void; onShowReceipt: (a: AdminPrestore) => void }) {
  const [note, setNote] = useState('');
  const confirm = useFinanceMutation(confirmPrestore);
  useEffect(() => setNote(''), [application]);
  if (!application) return null;

  const submit = async () => {
    confirm.decide({ rid: application.rid, version: application.version, note: note.trim() }, '已确认到账', onClose);
  };

  return (
    <Modal open title="确认到账" okText="确认到账" cancelText="取消" onOk={() => void submit()} onCancel={onClose} confirmLoading={confirm.isPending} destroyOnHidden width={560}>
      <Alert type="info" showIcon className="admin-summary" title="请核对银行流水：付款户名、金额与预存单号一致后再确认。确认后款项立即入账，不能撤销。" />
      <Summary
        items={[
          { key: 'no', label: '预存单号', children: <span className="finance-mono">{application.applyNo}</span> },
          { key: 'member', label: '会员', children: `${application.member.name} ${application.member.phone}` },
          { key: 'account', label: '入账账户', children: application.community ? `科研团体「${application.community.name}」` : '个人账户' },
          { key: 'payer', label: '付款户名', children: application.payer || <span className="admin-muted">未填写</span> },
          { key: 'amount', label: '预存金额', children: <Money fen={application.amountFen} /> },
          { key: 'bonus', label: '赠送金额', children: application.bonusFen > 0 ? <>约 <Money fen={application.bonusFen} />（按确认时的预存规则计算）</> : '未达到赠送档位' },
          {
            key: 'receipt',
            label: '转账凭证',
            children: application.hasReceipt ? (
              <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => onShowReceipt(application)}>
                查看凭证
              </Button>
            ) : (
              <span className="admin-muted">会员未上传，请以银行流水为准</span>
            ),
          },
          { key: 'at', label: '申请时间', children: formatDateTime(application.createdAt) },
        ]}
      />
      <label htmlFor="prestore-note" className="admin-muted">
        入账备注（选填，会员在余额明细中可见）
      </label>
      <Input id="prestore-note" value={note} maxLength={200} showCount placeholder={`默认：预存单 ${application.applyNo}`} onChange={(event) => setNote(event.target.value)} />
      <div className="finance-limit-hint">
        <OwnLimitHint kind="topup" what="到账金额（含赠送）" />
      </div>
    </Modal>
  );
}
