import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { adminExchangeItemAddBody, adminExchangeItemEditBody, formatFen, type AdminExchangeItem } from '@lab/contract';
import { ImageUpload } from '../../../components/admin/image-upload';
import { feedback } from '../../../lib/feedback';
import { SchemaForm } from '../../../components/schema-form';
import { useCouponTemplates } from '../api/list-coupon-templates';
import { addExchangeItem, editExchangeItem, useExchangeMutation } from '../api/save-exchange';

interface Values {
  kind: 'gift' | 'coupon';
  coupon_template_rid?: string;
  name: string;
  description?: string;
  points?: number | null;
  stock?: number | null;
  sort?: number | null;
  img?: string;
}

/** The form for a text or number field: '' for empty, so the contract reads "not filled in". */
const field = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** Adding a coupon item needs the template it hands out. */
const addSchema = adminExchangeItemAddBody.superRefine((body, ctx) => {
  if (body.kind === 'coupon' && !body.coupon_template_rid) ctx.addIssue({ code: 'custom', path: ['coupon_template_rid'], message: '[优惠券模板]不能为空' });
});

/**
 * 新增 / 编辑兑换商品. A coupon item hands out a coupon from a template; a gift is mailed. Kind
 * and template stay as created. Stock is the total; empty means unlimited.
 */
export function ExchangeItemModal({ open, editing, onClose }: { open: boolean; editing: AdminExchangeItem | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? editing?.kind ?? 'gift';
  const templates = useCouponTemplates(open && !editing && kind === 'coupon');
  const add = useExchangeMutation(addExchangeItem);
  const edit = useExchangeMutation(editExchangeItem);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) {
      form.setFieldsValue({ kind: editing.kind, name: editing.name, description: editing.description, points: editing.points, stock: editing.totalStock, sort: editing.sort, img: editing.img });
    }
  }, [open, editing, form]);

  const done = (text: string) => ({
    onSuccess: () => {
      feedback.success(text);
      onClose();
    },
  });
  /** the values as the contract reads them: empty fields as '', the item's rid when editing, kind and template when adding */
  const body = (v: Values) => {
    const raw = { name: field(v.name), description: field(v.description), points: field(v.points), stock: field(v.stock), sort: field(v.sort), img: v.img || undefined };
    return editing ? { rid: editing.rid, ...raw } : { kind: v.kind, coupon_template_rid: v.coupon_template_rid ?? '', ...raw };
  };

  const templateOptions = (templates.data ?? []).map((t) => ({
    value: t.rid,
    label: `${t.name}（${t.amountFen !== null ? `减${formatFen(t.amountFen)}` : `${(10 - (t.offRateBp ?? 0) / 1000).toFixed(1).replace(/\.0$/, '')}折`}${t.thresholdFen > 0 ? `，满${formatFen(t.thresholdFen)}可用` : ''}）`,
  }));

  const fields = (
    <>
      <Form.Item label="类型" name="kind" required extra={editing ? '类型创建后不可修改' : '优惠券兑换后直接发放到会员账户；礼品需由客户经理寄出'}>
        <Radio.Group disabled={Boolean(editing)} optionType="button" options={[{ value: 'gift', label: '礼品' }, { value: 'coupon', label: '优惠券' }]} />
      </Form.Item>
      {kind === 'coupon' && !editing && (
        <Form.Item label="优惠券模板" name="coupon_template_rid" required extra="模板在「优惠券」中维护">
          <Select options={templateOptions} loading={templates.isLoading} placeholder="选择要发放的优惠券" showSearch optionFilterProp="label" notFoundContent="暂无可用的优惠券模板" />
        </Form.Item>
      )}
      <Form.Item label="名称" name="name" required>
        <Input maxLength={50} placeholder="例如：实验室定制保温杯" />
      </Form.Item>
      <Form.Item label="说明" name="description">
        <Input.TextArea maxLength={500} rows={2} showCount placeholder="规格、有效期或使用说明" />
      </Form.Item>
      <div className="customers-form-row">
        <Form.Item label="所需积分" name="points" required>
          <InputNumber min={1} max={1_000_000} precision={0} style={{ width: '100%' }} placeholder="兑换一件所需" />
        </Form.Item>
        <Form.Item label="库存" name="stock">
          <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} placeholder="不限量" />
        </Form.Item>
        <Form.Item label="排序" name="sort">
          <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} placeholder="0" />
        </Form.Item>
      </div>
      <p className="admin-muted" style={{ marginTop: -12 }}>
        {editing ? `已兑换 ${editing.exchangedCount} 件。` : ''}库存为可兑换的总数量，不能少于已兑换数量，留空表示不限量；排序数字小的在前。
      </p>
      <Form.Item label="图片" name="img" extra="PNG、JPG 或 WEBP，不超过 5MB；不上传则使用默认图标">
        <ImageUpload square allowClear aria-label="上传商品图片" />
      </Form.Item>
    </>
  );

  return (
    <Modal
      title={editing ? `编辑兑换商品：${editing.name}` : '新增兑换商品'}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      cancelText="取消"
      confirmLoading={add.isPending || edit.isPending}
      destroyOnHidden
      width={560}
    >
      {editing ? (
        <SchemaForm form={form} name="exchange-item" schema={adminExchangeItemEditBody} body={body} layout="vertical" requiredMark initialValues={{ kind: 'gift' }} onSubmit={(checked) => edit.mutate(checked, done('兑换商品已保存'))}>
          {fields}
        </SchemaForm>
      ) : (
        <SchemaForm form={form} name="exchange-item" schema={addSchema} body={body} layout="vertical" requiredMark initialValues={{ kind: 'gift' }} onSubmit={(checked) => add.mutate(checked, done('兑换商品已添加'))}>
          {fields}
        </SchemaForm>
      )}
    </Modal>
  );
}
