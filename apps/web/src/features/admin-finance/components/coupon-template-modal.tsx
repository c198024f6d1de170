import { useEffect, useState } from 'react';
import { Checkbox, Col, DatePicker, Form, Input, InputNumber, Modal, Radio, Row, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { adminCouponTemplateBody } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { useGatedFeedback } from '../../../components/admin/use-gated-feedback';
import { OwnLimitHint } from '../../../components/admin/own-limit';
import { useTypeGroups } from '../../../api/catalog/type-groups';
import { addCouponTemplate } from '../api/save-coupon-template';
import { useFinanceMutation } from '../api/use-finance-mutation';

interface Draft {
  name: string;
  description: string;
  kind: 'amount' | 'percent';
  amount: string;
  percentOff: number | null;
  threshold: string;
  validity: 'days' | 'range';
  validDays: number | null;
  range: [Dayjs | null, Dayjs | null] | null;
  scope: 'all' | 'types' | 'groups';
  scopeIds: number[];
  totalStock: number | null;
  perMemberLimit: number | null;
  claimable: boolean;
}

const empty: Draft = {
  name: '',
  description: '',
  kind: 'amount',
  amount: '',
  percentOff: null,
  threshold: '',
  validity: 'days',
  validDays: 30,
  range: null,
  scope: 'all',
  scopeIds: [],
  totalStock: null,
  perMemberLimit: 1,
  claimable: true,
};

const typeOptions = [
  { value: 1, label: '送样检测' },
  { value: 2, label: '现场预约' },
  { value: 3, label: '数据分析' },
];

/** The form as the contract names the fields (empty ones left out). */
export function templateBody(d: Draft): Parameters<typeof addCouponTemplate>[0] {
  const more: Record<string, string> = {};
  if (d.description.trim()) more.description = d.description;
  if (d.kind === 'amount') more.amount = d.amount;
  else if (d.percentOff !== null) more.percent_off = String(d.percentOff);
  if (d.threshold.trim()) more.threshold = d.threshold;
  if (d.validity === 'days' && d.validDays !== null) more.valid_days = String(d.validDays);
  if (d.validity === 'range') {
    if (d.range?.[0]) more.valid_from = d.range[0].format('YYYY-MM-DD');
    if (d.range?.[1]) more.valid_to = d.range[1].format('YYYY-MM-DD');
  }
  if (d.scope !== 'all') more.scope_ids = d.scopeIds.join(',');
  if (d.totalStock !== null) more.total_stock = String(d.totalStock);
  return { name: d.name, scope: d.scope, claimable: d.claimable ? '1' : '0', per_member_limit: d.perMemberLimit === null ? undefined : String(d.perMemberLimit), ...more };
}

/** 新建优惠券: an amount off or a share off, a threshold, validity, scope, stock and how members get it. */
export function CouponTemplateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(empty);
  const gated = useGatedFeedback();
  const add = useFinanceMutation(addCouponTemplate);
  const groups = useTypeGroups(undefined, { enabled: open && draft.scope === 'groups' });
  useEffect(() => {
    if (open) setDraft(empty);
  }, [open]);
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));

  const submit = async () => {
    const body = templateBody(draft);
    const checked = adminCouponTemplateBody.safeParse(body);
    if (!checked.success) return feedback.failure(new Error(checked.error.issues[0]?.message ?? '请检查填写的内容'));
    add.mutate(body, {
      onSuccess: (result) => {
        gated(result, '优惠券已创建');
        onClose();
      },
    });
  };

  return (
    <Modal open={open} title="新建优惠券" okText="创建" cancelText="取消" onOk={() => void submit()} onCancel={onClose} confirmLoading={add.isPending} destroyOnHidden width={640}>
      <Form layout="vertical" requiredMark>
        <Form.Item label="名称" required>
          <Input value={draft.name} maxLength={50} placeholder="例如：XRD 测试满 500 减 50" onChange={(e) => set({ name: e.target.value })} aria-label="名称" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="优惠方式" required>
              <Radio.Group value={draft.kind} onChange={(e) => set({ kind: e.target.value as Draft['kind'] })} options={[{ value: 'amount', label: '立减金额' }, { value: 'percent', label: '折扣' }]} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            {draft.kind === 'amount' ? (
              <Form.Item label="优惠金额（元）" required>
                <Input value={draft.amount} inputMode="decimal" prefix="¥" onChange={(e) => set({ amount: e.target.value })} aria-label="优惠金额" />
              </Form.Item>
            ) : (
              <Form.Item label="折扣（减去的百分比）" required extra="填 10 即 9 折">
                <InputNumber value={draft.percentOff} min={1} max={99} precision={0} suffix="%" style={{ width: '100%' }} onChange={(value) => set({ percentOff: value })} aria-label="折扣比例" />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="使用门槛（元）" extra="订单满此金额可用；不填为无门槛">
              <Input value={draft.threshold} inputMode="decimal" prefix="¥" onChange={(e) => set({ threshold: e.target.value })} aria-label="使用门槛" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="每人限领" required>
              <InputNumber value={draft.perMemberLimit} min={1} max={100} precision={0} suffix="张" style={{ width: '100%' }} onChange={(value) => set({ perMemberLimit: value })} aria-label="每人限领" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="有效期" required>
              <Radio.Group value={draft.validity} onChange={(e) => set({ validity: e.target.value as Draft['validity'] })} options={[{ value: 'days', label: '领取后若干天' }, { value: 'range', label: '固定日期' }]} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            {draft.validity === 'days' ? (
              <Form.Item label="有效天数" required>
                <InputNumber value={draft.validDays} min={1} max={3650} precision={0} suffix="天" style={{ width: '100%' }} onChange={(value) => set({ validDays: value })} aria-label="有效天数" />
              </Form.Item>
            ) : (
              <Form.Item label="起止日期" required>
                <DatePicker.RangePicker value={draft.range} onChange={(values) => set({ range: values })} style={{ width: '100%' }} />
              </Form.Item>
            )}
          </Col>
        </Row>
        <Form.Item label="适用范围" required>
          <Radio.Group
            value={draft.scope}
            onChange={(e) => set({ scope: e.target.value as Draft['scope'], scopeIds: [] })}
            options={[{ value: 'all', label: '全部服务' }, { value: 'types', label: '指定服务类型' }, { value: 'groups', label: '指定服务分类' }]}
          />
        </Form.Item>
        {draft.scope === 'types' ? (
          <Form.Item label="服务类型" required>
            <Checkbox.Group value={draft.scopeIds} options={typeOptions} onChange={(ids) => set({ scopeIds: ids })} />
          </Form.Item>
        ) : null}
        {draft.scope === 'groups' ? (
          <Form.Item label="服务分类" required>
            <Select
              mode="multiple"
              value={draft.scopeIds}
              loading={groups.isPending}
              options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
              onChange={(ids) => set({ scopeIds: ids })}
              placeholder="选择服务分类"
              aria-label="服务分类"
            />
          </Form.Item>
        ) : null}
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="发放总量" extra="不填为不限量">
              <InputNumber value={draft.totalStock} min={1} precision={0} suffix="张" style={{ width: '100%' }} onChange={(value) => set({ totalStock: value })} aria-label="发放总量" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="会员可在领券中心领取" extra="关闭后仅能由工作人员发放">
              <Switch checked={draft.claimable} onChange={(claimable) => set({ claimable })} aria-label="会员可领取" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="说明">
          <Input.TextArea value={draft.description} rows={2} maxLength={200} showCount onChange={(e) => set({ description: e.target.value })} aria-label="说明" />
        </Form.Item>
      </Form>
      <OwnLimitHint kind="coupon" what="优惠金额 × 发放总量（折扣券、不限量视为不封顶）" />
    </Modal>
  );
}
