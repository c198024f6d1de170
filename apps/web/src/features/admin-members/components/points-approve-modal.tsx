import { useEffect, useState } from 'react';
import { Descriptions, Input, InputNumber, Modal } from 'antd';
import { adminPointsDecisionBody, type AdminPointsApplication } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { OwnLimitHint } from '../../../components/admin/own-limit';
import { approvePointsApplication, useDecision } from '../api/decide';

/**
 * 通过论文致谢奖励: the points to award (required, checked by the contract) and an optional note
 * for the member. Above the person's points limits the award is filed for a colleague's approval.
 */
export function PointsApproveModal({ application, onClose }: { application: AdminPointsApplication | null; onClose: () => void }) {
  const [points, setPoints] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const approve = useDecision(approvePointsApplication);

  useEffect(() => {
    setPoints(null);
    setNote('');
  }, [application]);

  const submit = async () => {
    if (!application) return;
    const checked = adminPointsDecisionBody.safeParse({ rid: application.rid, version: application.version, points: points ?? '', reason: note });
    if (!checked.success) return feedback.failure(new Error(checked.error.issues[0]?.message ?? '请检查填写的内容'));
    if (checked.data.points === undefined) return feedback.failure(new Error('[奖励积分]不能为空'));
    approve.decide({ rid: application.rid, version: application.version, points: checked.data.points, reason: checked.data.reason }, '已通过，积分已发放', onClose);
  };

  return (
    <Modal title="通过论文致谢奖励" open={application !== null} onCancel={onClose} onOk={() => void submit()} okText="通过并发放积分" cancelText="取消" confirmLoading={approve.isPending} destroyOnHidden>
      {application && (
        <Descriptions
          size="small"
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'member', label: '申请人', children: `${application.member.name}（${application.member.phone}）` },
            { key: 'title', label: '论文题目', children: application.title },
            { key: 'journal', label: '期刊', children: application.journal },
            { key: 'doi', label: 'DOI', children: application.doi || '未填写' },
          ]}
        />
      )}
      <label htmlFor="award-points" style={{ display: 'block', marginBottom: 6 }}>
        <span style={{ color: '#d9363e', marginRight: 4 }}>*</span>奖励积分
      </label>
      <InputNumber id="award-points" aria-label="奖励积分" min={1} max={100000} precision={0} value={points} onChange={(value) => setPoints(value)} style={{ width: '100%' }} placeholder="例如 500" />
      <label htmlFor="award-note" style={{ display: 'block', margin: '12px 0 6px' }}>备注（选填，会员可见）</label>
      <Input.TextArea id="award-note" aria-label="备注" style={{ marginBottom: 12 }} rows={2} maxLength={200} showCount value={note} onChange={(event) => setNote(event.target.value)} />
      <OwnLimitHint kind="points" what="奖励积分" />
    </Modal>
  );
}
