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
} from '@lab/contract';
import { checkWithSchema, clearChangedErrors } from '../../../lib/schema-form';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import '../../../components/member/member-forms.css';
import { useInvoiceTitles } from '../../../api/funds/list-invoice-titles';
import { usePrestores } from '../api/list-prestores';
import { saveInvoiceApplication } from '../api/save-invoice-application';
import { formatDateTime } from './money';

interface Values {
  type?: number;
  title_rid?: string;
  prestore_rids?: string[];
  email?: string;
  receiver?: string;
  receiver_phone?: string;
  receiver_address?: string;
  remark?: string;
}

const typeOrder = [1, 3, 2, 4];

/** 申请开票 / 修改申请: type, title, the confirmed top-ups to cover (what the server marks invoiceable), delivery. */
export function InvoiceApplyModal({ editing, onClose }: { editing: InvoiceApplication | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const titles = useInvoiceTitles();
  const sources = usePrestores(1, 100, 'confirmed');
  const save = useApiMutation({
    mutationFn: saveInvoiceApplication,
    invalidates: memberDataKeys,
    onSuccess: () => {
      feedback.success(editing ? '开票申请已修改' : '开票申请已提交');
      onClose();
    },
  });
  const type = Form.useWatch('type', form) ?? editing?.type ?? 1;
  const chosen = Form.useWatch('prestore_rids', form) ?? [];
  const titleRid = Form.useWatch('title_rid', form);

  const covered = new Set(editing?.items.filter((i) => i.kind === 'prestore').map((i) => i.ref) ?? []);
  const options = (sources.data?.list ?? []).filter((p) => p.invoiceable || covered.has(p.rid));
  const totalFen = options.filter((p) => chosen.includes(p.rid)).reduce((sum, p) => sum + p.amountFen, 0);
  const titleList = titles.data ?? [];
  const title = titleList.find((t) => t.rid === titleRid);
  const defaultTitle = titleList.find((t) => t.default === 1) ?? titleList[0];

  const submit = () => {
    const v = form.getFieldsValue(true) as Values;
    const paper = v.type === 2 || v.type === 4;
    const raw = {
      type: v.type,
      title_rid: v.title_rid,
      prestore_rids: v.prestore_rids ?? [],
      email: paper ? undefined : v.email,
      receiver: paper ? v.receiver : undefined,
      receiver_phone: paper ? v.receiver_phone : undefined,
      receiver_address: paper ? v.receiver_address : undefined,
      remark: v.remark,
    };
    const body = editing ? checkWithSchema(invoiceApplyEditBody, { ...raw, rid: editing.rid }, form) : checkWithSchema(invoiceApplyAddBody, raw, form);
    if (!body) return;
    if (isSpecialInvoice(body.type) && title && !title.specialReady) {
      form.setFields([{ name: 'title_rid', errors: [SPECIAL_INVOICE_NEEDS_UNIT] }]);
      return;
    }
    if (isElectronicInvoice(body.type) && !body.email && !title?.email) {
      form.setFields([{ name: 'email', errors: ['[接收邮箱]不能为空'] }]);
      return;
    }
    save.mutate(body);
  };

  const loading = titles.isPending || sources.isPending;
  const nothing = !loading && (titleList.length === 0 || options.length === 0);
  return (
    <Modal
      open
      title={editing ? '修改开票申请' : '申请开票'}
      onCancel={onClose}
      onOk={submit}
      okText={editing ? '保存修改' : '提交申请'}
      okButtonProps={{ disabled: loading || nothing }}
      confirmLoading={save.isPending}
      destroyOnHidden
      centered
      width={640}
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : titles.isError || sources.isError ? (
        <Alert type="error" showIcon title="加载失败" description={(titles.error ?? sources.error)?.message} />
      ) : titleList.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有发票抬头，请先添加发票抬头">
          <Link to="/member/invoiceMg" onClick={onClose}>
            <Button type="primary">去添加抬头</Button>
          </Link>
        </Empty>
      ) : options.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可开票的预存款。对公转账经财务确认到账后，即可申请开具发票。" />
      ) : (
        <Form
          form={form} onValuesChange={clearChangedErrors(form)}
          name="invoiceApply"
          layout="vertical"
          className="member-form"
          initialValues={
            editing
              ? {
                  type: editing.type,
                  title_rid: titleList.find((t) => t.title === editing.title.title && t.tax_no === editing.title.tax_no)?.rid,
                  prestore_rids: [...covered],
                  email: editing.email ?? '',
                  receiver: editing.receiver ?? '',
                  receiver_phone: editing.receiverPhone ?? '',
                  receiver_address: editing.receiverAddress ?? '',
                  remark: editing.remark,
                }
              : { type: 1, title_rid: defaultTitle?.rid, prestore_rids: [], email: defaultTitle?.email ?? '' }
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
          <Form.Item label="开票预存单" name="prestore_rids" required>
            <Checkbox.Group className="invoice-sources">
              {options.map((p) => (
                <Checkbox key={p.rid} value={p.rid}>
                  {p.applyNo} {formatFen(p.amountFen)} <span className="member-muted">到账 {formatDateTime(p.confirmedAt)}</span>
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
        </Form>
      )}
    </Modal>
  );
}
