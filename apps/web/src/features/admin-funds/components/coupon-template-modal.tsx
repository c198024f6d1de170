import { useEffect } from 'react';
import { Checkbox, Col, DatePicker, Form, Input, InputNumber, Modal, Radio, Row, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { adminCouponTemplateBody } from '@lab/contract';
import { SchemaForm } from '../../../components/schema-form';
import { useGatedFeedback } from '../../../components/admin/use-gated-feedback';
import { OwnLimitHint } from '../../../components/admin/own-limit';
import { useTypeGroups } from '../../catalog/api/catalog/type-groups';
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
  newMembers: boolean;
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
  newMembers: false,
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
  return { name: d.name, scope: d.scope, claimable: d.claimable ? '1' : '0', new_members: d.newMembers ? '1' : '0', per_member_limit: d.perMemberLimit === null ? undefined : String(d.perMemberLimit), ...more };
}

/** Where the contract's fields stand in the form (named as the draft names them). */
const couponPlaces = {
  percent_off: 'percentOff',
  valid_days: 'validDays',
  valid_from: 'range',
  valid_to: 'range',
  scope_ids: 'scopeIds',
  total_stock: 'totalStock',
  per_member_limit: 'perMemberLimit',
};

/** 新建优惠券: an amount off or a share off, a threshold, validity, scope, stock and how members get it. */
export function CouponTemplateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Draft>();
  const kind = Form.useWatch('kind', form) ?? empty.kind;
  const validity = Form.useWatch('validity', form) ?? empty.validity;
  const scope = Form.useWatch('scope', form) ?? empty.scope;
  const gated = useGatedFeedback();
  const add = useFinanceMutation(addCouponTemplate);
  const groups = useTypeGroups(undefined, { enabled: open && scope === 'groups' });
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  return (
    <Modal open={open} title="新建优惠券" okText="创建" cancelText="取消" onOk={() => form.submit()} onCancel={onClose} confirmLoading={add.isPending} destroyOnHidden width={640}>
      <SchemaForm
        form={form}
        name="coupon-template"
        schema={adminCouponTemplateBody}
        body={templateBody}
        places={couponPlaces}
        layout="vertical"
        requiredMark
        initialValues={empty}
        // another scope lists other ids
        onValuesChange={(changed) => {
          if ('scope' in changed) form.setFieldValue('scopeIds', []);
        }}
        onSubmit={(_checked, draft) =>
          add.mutate(templateBody(draft), {
            onSuccess: (result) => {
              gated(result, '优惠券已创建');
              onClose();
            },
          })
        }
      >
        <Form.Item label="名称" name="name" required>
          <Input maxLength={50} placeholder="例如：XRD 测试满 500 减 50" aria-label="名称" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="优惠方式" name="kind" required>
              <Radio.Group options={[{ value: 'amount', label: '立减金额' }, { value: 'percent', label: '折扣' }]} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            {kind === 'amount' ? (
              <Form.Item label="优惠金额（元）" name="amount" required>
                <Input inputMode="decimal" prefix="¥" aria-label="优惠金额" />
              </Form.Item>
            ) : (
              <Form.Item label="折扣（减去的百分比）" name="percentOff" required extra="填 10 即 9 折">
                <InputNumber min={1} max={99} precision={0} suffix="%" style={{ width: '100%' }} aria-label="折扣比例" />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="使用门槛（元）" name="threshold" extra="订单满此金额可用；不填为无门槛">
              <Input inputMode="decimal" prefix="¥" aria-label="使用门槛" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="每人限领" name="perMemberLimit" required>
              <InputNumber min={1} max={100} precision={0} suffix="张" style={{ width: '100%' }} aria-label="每人限领" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="有效期" name="validity" required>
              <Radio.Group options={[{ value: 'days', label: '领取后若干天' }, { value: 'range', label: '固定日期' }]} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            {validity === 'days' ? (
              <Form.Item label="有效天数" name="validDays" required>
                <InputNumber min={1} max={3650} precision={0} suffix="天" style={{ width: '100%' }} aria-label="有效天数" />
              </Form.Item>
            ) : (
              <Form.Item label="起止日期" name="range" required>
                <DatePicker.RangePicker style={{ width: '100%' }} />
              </Form.Item>
            )}
          </Col>
        </Row>
        <Form.Item label="适用范围" name="scope" required>
          <Radio.Group options={[{ value: 'all', label: '全部服务' }, { value: 'types', label: '指定服务类型' }, { value: 'groups', label: '指定服务分类' }]} />
        </Form.Item>
        {scope === 'types' ? (
          <Form.Item label="服务类型" name="scopeIds" required>
            <Checkbox.Group options={typeOptions} />
          </Form.Item>
        ) : null}
        {scope === 'groups' ? (
          <Form.Item label="服务分类" name="scopeIds" required>
            <Select
              mode="multiple"
              loading={groups.isPending}
              options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
              placeholder="选择服务分类"
              aria-label="服务分类"
            />
          </Form.Item>
        ) : null}
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="发放总量" name="totalStock" extra="不填为不限量">
              <InputNumber min={1} precision={0} suffix="张" style={{ width: '100%' }} aria-label="发放总量" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="会员可在领券中心领取" name="claimable" valuePropName="checked" extra="关闭后仅能由工作人员发放">
              <Switch aria-label="会员可领取" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="新用户注册即发放" name="newMembers" valuePropName="checked" extra="新会员注册时自动获得一张（受发放总量与有效期限制）">
              <Switch aria-label="新用户注册即发放" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="说明" name="description">
          <Input.TextArea rows={2} maxLength={200} showCount aria-label="说明" />
        </Form.Item>
      </SchemaForm>
      <OwnLimitHint kind="coupon" what="优惠金额 × 发放总量（折扣券、不限量视为不封顶）" />
    </Modal>
  );
}
