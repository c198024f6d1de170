import { useEffect, useState } from 'react';
import { Alert, Form, Modal, Select, Spin } from 'antd';
import { adminCouponIssueBody, type AdminCouponTemplate } from '@lab/contract';
import { SchemaForm } from '../../../components/schema-form';
import { useGatedFeedback } from '../../../components/admin/use-gated-feedback';
import { OwnLimitHint } from '../../../components/admin/own-limit';
import { issueCoupon } from '../api/issue-coupon';
import { useMemberLookup } from '../api/lookup-members';
import { useFinanceMutation } from '../api/use-finance-mutation';
import { couponValueText } from './coupon-text';

/** 发放: one coupon of a template to a member found by phone or name; the member is told in-site. */
export function IssueCouponModal({ template, onClose }: { template: AdminCouponTemplate | null; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [form] = Form.useForm<{ memberRid?: string }>();
  const gated = useGatedFeedback();
  const lookup = useMemberLookup(keyword);
  const issue = useFinanceMutation(issueCoupon);

  useEffect(() => {
    setTyped('');
    setKeyword('');
    if (template) form.resetFields();
  }, [template, form]);
  // ask the server once typing pauses
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  if (!template) return null;


  return (
    <Modal open title={`发放优惠券：${template.name}`} okText="发放" cancelText="取消" onOk={() => form.submit()} onCancel={onClose} confirmLoading={issue.isPending} destroyOnHidden>
      <Alert type="info" showIcon className="admin-summary" title={`${couponValueText(template)}，${template.scopeText}；每人限领 ${template.perMemberLimit} 张。`} />
      <SchemaForm
        form={form}
        name="issue-coupon"
        schema={adminCouponIssueBody}
        body={({ memberRid }) => ({ rid: template.rid, member_rid: memberRid ?? '' })}
        places={{ member_rid: 'memberRid' }}
        layout="vertical"
        requiredMark
        onSubmit={(checked) =>
          issue.mutate({ templateRid: checked.rid, memberRid: checked.member_rid }, {
            onSuccess: (result) => {
              gated(result, '优惠券已发放');
              onClose();
            },
          })
        }
      >
        <Form.Item label="会员" name="memberRid" required extra="输入手机号或姓名查找">
          <Select
            showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
            placeholder="手机号或姓名"
            notFoundContent={lookup.isFetching ? <Spin size="small" /> : keyword ? '没有找到会员' : '请输入手机号或姓名'}
            options={(lookup.data ?? []).map((m) => ({ value: m.rid, label: `${m.name} ${m.phone}${m.company ? `（${m.company}）` : ''}` }))}
            aria-label="会员"
          />
        </Form.Item>
      </SchemaForm>
      <OwnLimitHint kind="coupon" what="单张优惠金额（折扣券不封顶）" />
    </Modal>
  );
}
