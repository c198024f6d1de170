import { useEffect } from 'react';
import { Descriptions, Form, Input, InputNumber, Modal } from 'antd';
import { adminPointsDecisionBody, type AdminPointsApplication } from '@lab/contract';
import { OwnLimitHint } from '../../../components/admin/own-limit';
import { SchemaForm } from '../../../components/schema-form';
import { approvePointsApplication, useDecision } from '../api/decide';

interface Values {
  points: number | null;
  note: string;
}

/** Approving awards points: the contract's decision body, with the points required. */
const approveSchema = adminPointsDecisionBody.superRefine((body, ctx) => {
  if (body.points === undefined) ctx.addIssue({ code: 'custom', path: ['points'], message: '[奖励积分]不能为空' });
});

/**
 * 通过论文致谢奖励: the points to award (required, checked by the contract) and an optional note
 * for the member. Above the person's points limits the award is filed for a colleague's approval.
 */
export function PointsApproveModal({ application, onClose }: { application: AdminPointsApplication | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const approve = useDecision(approvePointsApplication);

  useEffect(() => {
    if (application) form.resetFields();
  }, [application, form]);

  return (
    <Modal title="通过论文致谢奖励" open={application !== null} onCancel={onClose} onOk={() => form.submit()} okText="通过并发放积分" cancelText="取消" confirmLoading={approve.isPending} destroyOnHidden>
      {application && (
        <>
          <Descriptions
            size="small"
            column={1}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'member', label: '申请人', children: `${application.member.name}（${application.member.phone}）` },
              { key: 'title', label: '论文题目', children: application.title },
              { key: 'journal', label: '期刊', children: application.journal },
              { key: 'doi', label: 'DOI', children: application.doi || '未填写' },
              { key: 'code', label: '引用代码', children: application.citationCode ? `${application.citationCode}（订单 ${application.citedOrderNo ?? '—'}）` : '未填写' },
            ]}
          />
          <SchemaForm
            form={form}
            name="award"
            schema={approveSchema}
            body={(values) => ({ rid: application.rid, version: application.version, points: values.points ?? '', reason: values.note })}
            places={{ reason: 'note' }}
            layout="vertical"
            requiredMark
            initialValues={{ points: null, note: '' }}
            onSubmit={(checked) => approve.decide({ rid: application.rid, version: application.version, points: checked.points!, reason: checked.reason }, '已通过，积分已发放', onClose)}
          >
            <Form.Item label="奖励积分" name="points" required>
              <InputNumber aria-label="奖励积分" min={1} max={100000} precision={0} style={{ width: '100%' }} placeholder="例如 500" />
            </Form.Item>
            <Form.Item label="备注（选填，会员可见）" name="note">
              <Input.TextArea aria-label="备注" rows={2} maxLength={200} showCount />
            </Form.Item>
          </SchemaForm>
        </>
      )}
      <OwnLimitHint kind="points" what="奖励积分" />
    </Modal>
  );
}
