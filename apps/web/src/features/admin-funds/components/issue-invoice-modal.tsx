import { useEffect } from 'react';
import { DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { formatFen, isElectronicInvoice, type AdminInvoice } from '@lab/contract';
import { Money } from '../../../components/admin/money';
import { Summary } from '../../../components/admin/summary';
import { SchemaForm } from '../../../components/schema-form';
import { FileField } from '../../../components/admin/file-field';
import { issueInvoice } from '../api/decide-invoice';
import { useFinanceMutation } from '../api/use-finance-mutation';
import { issueBody, issueSchema } from './issue-invoice-form';

const invoiceItemLabels: Record<AdminInvoice['items'][number]['kind'], string> = { prestore: '预存款', online: '在线充值', order: '订单' };

/** The title, amount and where the invoice goes, as finance needs them to make it out. */
export function InvoiceSummary({ invoice }: { invoice: AdminInvoice }) {
  const { title } = invoice;
  return (
    <Summary
      items={[
        { key: 'type', label: '发票类型', children: invoice.typeText },
        { key: 'amount', label: '开票金额', children: <Money fen={invoice.amountFen} /> },
        { key: 'title', label: '发票抬头', children: title.title },
        ...(title.tax_no ? [{ key: 'tax', label: '税号', children: <span className="finance-mono">{title.tax_no}</span> }] : []),
        ...(title.bank ? [{ key: 'bank', label: '开户行及账号', children: `${title.bank} ${title.bank_account ?? ''}` }] : []),
        ...(title.address ? [{ key: 'address', label: '地址、电话', children: `${title.address} ${title.phone ?? ''}` }] : []),
        isElectronicInvoice(invoice.type)
          ? { key: 'email', label: '接收邮箱', children: invoice.email }
          : { key: 'post', label: '邮寄信息', children: `${invoice.receiver ?? ''} ${invoice.receiverPhone ?? ''} ${invoice.receiverAddress ?? ''}` },
        { key: 'items', label: '开票内容', children: invoice.items.map((i) => `${invoiceItemLabels[i.kind]} ${i.kind === 'prestore' ? '' : `${i.ref} `}${formatFen(i.amountFen)}${i.refunded ? (invoice.status === 'issued' ? '（已退款，须红冲）' : '（已退款，不开票）') : ''}`).join('；') },
        ...(invoice.remark ? [{ key: 'remark', label: '会员备注', children: invoice.remark }] : []),
      ]}
    />
  );
}

interface Values {
  invoiceNo?: string;
  issuedOn?: Dayjs | null;
  file?: File | null;
}

/**
 * 开票: the number and date of the invoice made out in the tax system, with its file (an
 * e-invoice's PDF is required; a paper invoice is mailed) — sent in one call, so the member
 * finds the file the moment the invoice shows 已开票.
 */
export function IssueInvoiceModal({ invoice, onClose }: { invoice: AdminInvoice | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const issue = useFinanceMutation(issueInvoice);

  useEffect(() => {
    if (invoice) form.resetFields();
  }, [invoice, form]);
  if (!invoice) return null;
  const electronic = isElectronicInvoice(invoice.type);
  const input = (values: Values) => ({ rid: invoice.rid, version: invoice.version, invoiceNo: (values.invoiceNo ?? '').trim(), issuedOn: values.issuedOn?.format('YYYY-MM-DD') ?? '', file: values.file ?? null });

  return (
    <Modal open title="开具发票" okText="确认开票" cancelText="取消" onOk={() => form.submit()} onCancel={onClose} confirmLoading={issue.isPending} destroyOnHidden width={600}>
      <InvoiceSummary invoice={invoice} />
      <SchemaForm
        form={form}
        name="issue-invoice"
        schema={issueSchema(electronic)}
        body={(values) => issueBody(input(values))}
        places={{ invoice_no: 'invoiceNo', issued_on: 'issuedOn' }}
        layout="vertical"
        requiredMark
        initialValues={{ invoiceNo: '', issuedOn: dayjs(), file: null }}
        onSubmit={(_checked, values) => issue.decide(input(values), '已开票', onClose)}
      >
        <Form.Item label="发票号码" name="invoiceNo" required>
          <Input maxLength={40} placeholder="开票系统中的发票号码" aria-label="发票号码" />
        </Form.Item>
        <Form.Item label="开票日期" name="issuedOn" required>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs().endOf('day'))} aria-label="开票日期" />
        </Form.Item>
        <Form.Item label="发票文件" name="file" required={electronic} extra={electronic ? '电子发票请上传 PDF（或图片），不超过 10 MB；会员可在发票记录中下载' : '纸质发票可不上传，寄出后如有扫描件可一并上传'}>
          <FileField accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg" uid="invoice" />
        </Form.Item>
      </SchemaForm>
    </Modal>
  );
}
