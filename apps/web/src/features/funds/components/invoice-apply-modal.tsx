import { Alert, Button, Checkbox, Empty, Form, Input, Modal, Select, Skeleton } from 'antd';
import { Link } from 'react-router';
import {
  formatFen,
  invoiceApplyAddBody,
  invoiceApplyEditBody,
  invoiceTypeLabels,
  isElectronicInvoice,
  isSpecialInvoice,
  SPECIAL_INVOICE_NEEDS_UNIT,
  type InvoiceApplication,
  type InvoiceOnlineSource,
} from '@lab/contract';
import type { z } from 'zod';
import { SchemaForm } from '../../../components/schema-form';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import '../../../components/member/member-forms.css';
import { useInvoiceTitles } from '../api/funds/list-invoice-titles';
import { usePrestores } from '../api/list-prestores';
import { useInvoiceOnlineSources } from '../api/list-invoice-online-sources';
import { saveInvoiceApplication } from '../api/save-invoice-application';
import { liveItems, sourcesBody, sourceValue } from './invoice-sources';
import { formatDateTime } from './money';

interface Values {
  type?: number;
  title_rid?: string;
  /** the money covered, `kind:ref` (invoice-sources.ts) */
  sources?: string[];
  email?: string;
  receiver?: string;
  receiver_phone?: string;
  receiver_address?: string;
  remark?: string;
}

const typeOrder = [1, 3, 2, 4];

/** The contract's three lists are one field in the form: their problem shows under 开票款项. */
const sourceFields = { prestore_rids: 'sources', order_nos: 'sources', payment_nos: 'sources' } as const;

/** An online source the application being edited already covers (no longer listed as open): what its item says. */
const coveredOnline = (item: InvoiceApplication['items'][number]): InvoiceOnlineSource | null =>
  item.kind === 'prestore' ? null : { kind: item.kind, ref: item.ref, title: item.kind === 'order' ? '' : '在线充值', channel: '', amountFen: item.amountFen, paidAt: '' };

function OnlineSourceLabel({ source }: { source: InvoiceOnlineSource }) {
  const meta = [source.kind === 'order' ? source.title : source.ref, source.channel, source.paidAt ? `支付 ${formatDateTime(source.paidAt)}` : '本申请已选'].filter(Boolean).join(' · ');
  return (
    <>
      {source.kind === 'order' ? `订单 ${source.ref}` : source.title} {formatFen(source.amountFen)}
      {source.kind === 'order' ? '（在线支付部分）' : ''} <span className="member-muted">{meta}</span>
    </>
  );
}

/**
 * 申请开票 / 修改申请: type, title, the money to cover — confirmed transfer top-ups (what the server
 * marks invoiceable), online top-ups and orders paid online (their online part;
 * invoiceApply/onlineSources) — and delivery.
 */
export function InvoiceApplyModal({ editing, onClose }: { editing: InvoiceApplication | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const titles = useInvoiceTitles();
  const sources = usePrestores(1, 100, 'confirmed');
  const online = useInvoiceOnlineSources();
  const save = useApiMutation({
    mutationFn: saveInvoiceApplication,
    invalidates: memberDataKeys,
    onSuccess: () => {
      feedback.success(editing ? '开票申请已修改' : '开票申请已提交');
      onClose();
    },
  });
  const type = Form.useWatch('type', form) ?? editing?.type ?? 1;
  const chosen = Form.useWatch('sources', form) ?? [];
  const titleRid = Form.useWatch('title_rid', form);

  const editingItems = editing ? liveItems(editing) : [];
  const covered = new Set(editingItems.filter((i) => i.kind === 'prestore').map((i) => i.ref));
  const options = (sources.data?.list ?? []).filter((p) => p.invoiceable || covered.has(p.rid));
  const openOnline = online.data ?? [];
  const onlineOptions = [
    ...openOnline,
    ...editingItems.map(coveredOnline).filter((s): s is InvoiceOnlineSource => s !== null && !openOnline.some((o) => o.kind === s.kind && o.ref === s.ref)),
  ];
  const topups = onlineOptions.filter((s) => s.kind === 'online');
  const paidOrders = onlineOptions.filter((s) => s.kind === 'order');
  const amounts = new Map<string, number>([
    ...options.map((p) => [sourceValue('prestore', p.rid), p.amountFen] as const),
    ...onlineOptions.map((s) => [sourceValue(s.kind, s.ref), s.amountFen] as const),
  ]);
  const totalFen = chosen.reduce((sum, v) => sum + (amounts.get(v) ?? 0), 0);
  const titleList = titles.data ?? [];
  const title = titleList.find((t) => t.rid === titleRid);
  const defaultTitle = titleList.find((t) => t.default === 1) ?? titleList[0];

  /** the form's values as the call takes them: the chosen money as its three lists, delivery by the type */
  const body = (v: Values) => {
    const paper = v.type === 2 || v.type === 4;
    return {
      type: v.type,
      title_rid: v.title_rid,
      ...sourcesBody(v.sources ?? []),
      email: paper ? undefined : v.email,
      receiver: paper ? v.receiver : undefined,
      receiver_phone: paper ? v.receiver_phone : undefined,
      receiver_address: paper ? v.receiver_address : undefined,
      remark: v.remark,
      ...(editing ? { rid: editing.rid } : {}),
    };
  };
  /** what the chosen title allows: a special invoice needs a unit ready for it, an e-invoice an address to go to */
  const titleRules = (checked: { type: number; email?: string | undefined }, ctx: z.RefinementCtx) => {
    if (isSpecialInvoice(checked.type) && title && !title.specialReady) ctx.addIssue({ code: 'custom', path: ['title_rid'], message: SPECIAL_INVOICE_NEEDS_UNIT });
    else if (isElectronicInvoice(checked.type) && !checked.email && !title?.email) ctx.addIssue({ code: 'custom', path: ['email'], message: '[接收邮箱]不能为空' });
  };
  const schema = editing ? invoiceApplyEditBody.superRefine(titleRules) : invoiceApplyAddBody.superRefine(titleRules);

  const loading = titles.isPending || sources.isPending || online.isPending;
  const nothing = !loading && (titleList.length === 0 || options.length + onlineOptions.length === 0);
  return (
    <Modal
      open
      title={editing ? '修改开票申请' : '申请开票'}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={editing ? '保存修改' : '提交申请'}
      okButtonProps={{ disabled: loading || nothing }}
      confirmLoading={save.isPending}
      destroyOnHidden
      centered
      width={640}
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : titles.isError || sources.isError || online.isError ? (
        <Alert type="error" showIcon title="加载失败" description={(titles.error ?? sources.error ?? online.error)?.message} />
      ) : titleList.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有发票抬头，请先添加发票抬头">
          <Link to="/member/invoiceMg" onClick={onClose}>
            <Button type="primary">去添加抬头</Button>
          </Link>
        </Empty>
      ) : options.length + onlineOptions.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可开票的款项。对公转账经财务确认到账、在线支付成功后，即可申请开具发票。" />
      ) : (
        <SchemaForm
          form={form}
          name="invoiceApply"
          schema={schema}
          body={body}
          places={sourceFields}
          onSubmit={(checked) => save.mutate(checked)}
          layout="vertical"
          className="member-form"
          initialValues={
            editing
              ? {
                  type: editing.type,
                  title_rid: titleList.find((t) => t.title === editing.title.title && t.tax_no === editing.title.tax_no)?.rid,
                  sources: editingItems.map((i) => sourceValue(i.kind, i.ref)),
                  email: editing.email ?? '',
                  receiver: editing.receiver ?? '',
                  receiver_phone: editing.receiverPhone ?? '',
                  receiver_address: editing.receiverAddress ?? '',
                  remark: editing.remark,
                }
              : { type: 1, title_rid: defaultTitle?.rid, sources: [], email: defaultTitle?.email ?? '' }
          }
        >
          <Form.Item label="发票类型" name="type" required>
            <Select options={typeOrder.map((t) => ({ value: t, label: invoiceTypeLabels[t] }))} />
          </Form.Item>
          <Form.Item label="发票抬头" name="title_rid" required extra={isSpecialInvoice(type) ? '专用发票须使用信息完整的单位抬头（税号、开户银行、银行账号、注册地址和电话）' : undefined}>
            <Select
              options={titleList.map((t) => ({
                value: t.rid,
                label: `${t.title}${t.kind === 'unit' ? '（单位）' : '（个人）'}${isSpecialInvoice(type) && !t.specialReady ? ' — 信息不全，不可开专票' : ''}`,
                disabled: isSpecialInvoice(type) && !t.specialReady,
              }))}
              onChange={(rid: string) => {
                const picked = titleList.find((t) => t.rid === rid);
                if (picked?.email && !form.getFieldValue('email')) form.setFieldValue('email', picked.email);
              }}
            />
          </Form.Item>
          <Form.Item label="开票款项" name="sources" required extra="订单按在线支付的部分开票；预存款支付的部分随预存充值开票">
            <Checkbox.Group className="invoice-sources">
              {options.length ? <p className="invoice-source-group">对公转账预存</p> : null}
              {options.map((p) => (
                <Checkbox key={p.rid} value={sourceValue('prestore', p.rid)}>
                  {p.applyNo} {formatFen(p.amountFen)} <span className="member-muted">到账 {formatDateTime(p.confirmedAt)}</span>
                </Checkbox>
              ))}
              {topups.length ? <p className="invoice-source-group">在线充值（按预存款开票）</p> : null}
              {topups.map((s) => (
                <Checkbox key={s.ref} value={sourceValue(s.kind, s.ref)}>
                  <OnlineSourceLabel source={s} />
                </Checkbox>
              ))}
              {paidOrders.length ? <p className="invoice-source-group">在线支付的订单</p> : null}
              {paidOrders.map((s) => (
                <Checkbox key={s.ref} value={sourceValue(s.kind, s.ref)}>
                  <OnlineSourceLabel source={s} />
                </Checkbox>
              ))}
            </Checkbox.Group>
          </Form.Item>
          <p className="invoice-total">
            开票金额 <strong data-testid="invoice-total">{formatFen(totalFen)}</strong>
            <span className="member-muted">（赠送金额不开票）</span>
          </p>
          {isElectronicInvoice(type) ? (
            <Form.Item label="接收邮箱" name="email" required extra="电子发票开具后发送到该邮箱，也可在发票记录中下载">
              <Input maxLength={100} inputMode="email" placeholder="name@example.edu.cn" />
            </Form.Item>
          ) : (
            <div className="member-form-grid">
              <Form.Item label="收件人" name="receiver" required>
                <Input maxLength={30} />
              </Form.Item>
              <Form.Item label="收件电话" name="receiver_phone" required>
                <Input maxLength={11} inputMode="numeric" />
              </Form.Item>
              <Form.Item label="邮寄地址" name="receiver_address" required className="invoice-address">
                <Input maxLength={200} placeholder="省市区、街道门牌" />
              </Form.Item>
            </div>
          )}
          <Form.Item label="备注" name="remark">
            <Input maxLength={200} placeholder="选填，将打印在发票备注栏" />
          </Form.Item>
        </SchemaForm>
      )}
    </Modal>
  );
}
