import { useEffect, useState } from 'react';
import { Alert, Form, Modal, Select, Spin } from 'antd';
import type { AdminCouponTemplate } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
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
  const [memberRid, setMemberRid] = useState<string | undefined>();
  const gated = useGatedFeedback();
  const lookup = useMemberLookup(keyword);
  const issue = useFinanceMutation(issueCoupon);

  useEffect(() => {
    setTyped('');
    setKeyword('');
    setMemberRid(undefined);
  }, [template]);
  // ask the server once typing pauses
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  if (!template) return null;

  const submit = async () => {
    if (!memberRid) return feedback.failure(new Error('[会员]不能为空'));
    issue.mutate({ templateRid: template.rid, memberRid }, {
      onSuccess: (result) => {
        gated(result, '优惠券已发放');
        onClose();
      },
    });
  };

  return (
    <Modal open title={`发放优惠券：${template.name}`} okText="发放" cancelText="取消" onOk={() => void submit()} onCancel={onClose} confirmLoading={issue.isPending} destroyOnHidden>
      <Alert type="info" showIcon className="admin-summary" title={`${couponValueText(template)}，${template.scopeText}；每人限领 ${template.perMemberLimit} 张。`} />
      <Form layout="vertical" requiredMark>
        <Form.Item label="会员" required extra="输入手机号或姓名查找">
          <Select
            showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
            value={memberRid}
            onChange={setMemberRid}
            placeholder="手机号或姓名"
            notFoundContent={lookup.isFetching ? <Spin size="small" /> : keyword ? '没有找到会员' : '请输入手机号或姓名'}
            options={(lookup.data ?? []).map((m) => ({ value: m.rid, label: `${m.name} ${m.phone}${m.company ? `（${m.company}）` : ''}` }))}
            aria-label="会员"
          />
        </Form.Item>
      </Form>
      <OwnLimitHint kind="coupon" what="单张优惠金额（折扣券不封顶）" />
    </Modal>
  );
}
