import { useEffect, useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { adminCreditApproveBody, fenToYuan, type AdminCredit } from '@lab/contract';
import { Money } from '../../../components/admin/money';
import { Summary } from '../../../components/admin/summary';
import { feedback } from '../../../lib/feedback';
import { OwnLimitHint } from '../../../components/admin/own-limit';
import { approveCredit } from '../api/decide-credit';
import { useFinanceMutation } from '../api/use-finance-mutation';

/**
 * 批准授信: the limit granted (the one asked for, or less), with a note; it replaces the member's
 * current line. Above the person's credit limits it is filed for a colleague's approval.
 */
export function ApproveCreditModal({ application, onClose }: { application: AdminCredit | null; onClose: () => void }) {
  const [limit, setLimit] = useState('');
  const [note, setNote] = useState('');
  const approve = useFinanceMutation(approveCredit);
  useEffect(() => {
    setLimit(application ? fenToYuan(application.requestedFen) : '');
    setNote('');
  }, [application]);
  if (!application) return null;

  const submit = async () => {
    const checked = adminCreditApproveBody.safeParse({ rid: application.rid, version: application.version, limit, note });
    if (!checked.success) return feedback.failure(new Error(checked.error.issues[0]?.message ?? '请检查填写的内容'));
    approve.decide({ rid: application.rid, version: application.version, limit, note: note.trim() }, '已批准授信', onClose);
  };

  return (
    <Modal open title="批准信用额度" okText="批准" cancelText="取消" onOk={() => void submit()} onCancel={onClose} confirmLoading={approve.isPending} destroyOnHidden width={560}>
      <Summary
        items={[
          { key: 'member', label: '申请人', children: `${application.member.name} ${application.member.phone}（${application.organizationText}）` },
          ...(application.member.company ? [{ key: 'company', label: '单位', children: application.member.company }] : []),
          { key: 'asked', label: '申请额度', children: <Money fen={application.requestedFen} /> },
          { key: 'current', label: '当前额度', children: application.currentLimitFen > 0 ? <Money fen={application.currentLimitFen} /> : '无' },
          { key: 'reason', label: '申请说明', children: application.reason },
        ]}
      />
      <Form layout="vertical" requiredMark>
        <Form.Item label="核定额度（元）" required extra="会员可在额度内先测试、后结算；批准后替换当前额度">
          <Input value={limit} inputMode="decimal" prefix="¥" onChange={(event) => setLimit(event.target.value)} aria-label="核定额度" />
        </Form.Item>
        <Form.Item label="备注">
          <Input value={note} maxLength={200} placeholder="选填，例如：按课题经费核定" onChange={(event) => setNote(event.target.value)} aria-label="备注" />
        </Form.Item>
      </Form>
      <OwnLimitHint kind="credit" what="核定额度" />
    </Modal>
  );
}
