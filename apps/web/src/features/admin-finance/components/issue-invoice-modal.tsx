import { useEffect, useState } from 'react';
import { Button, DatePicker, Form, Input, Modal, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { formatFen, isElectronicInvoice, type AdminInvoice } from '@lab/contract';
import { Money } from '../../../components/admin/money';
import { Summary } from '../../../components/admin/summary';
import { feedback } from '../../../lib/feedback';
import { issueInvoice } from '../api/decide-invoice';
import { useFinanceMutation } from '../api/use-finance-mutation';
import { invoiceFileProblem, issueProblem } from './issue-invoice-form';

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

/**
 * 开票: the number and date of the invoice made out in the tax system, with its file (an
 * e-invoice's PDF is required; a paper invoice is mailed) — sent in one call, so the member
 * finds the file the moment the invoice shows 已开票.
 */
export function IssueInvoiceModal({ invoice, onClose }: { invoice: AdminInvoice | null; onClose: () => void }) {
  const [invoiceNo, setInvoiceNo] = useState('');
  const [issuedOn, setIssuedOn] = useState<Dayjs | null>(dayjs());
  const [file, setFile] = useState<File | null>(null);
  const issue = useFinanceMutation(issueInvoice);

  useEffect(() => {
    setInvoiceNo('');
    setIssuedOn(dayjs());
    setFile(null);
  }, [invoice]);
  if (!invoice) return null;
  const electronic = isElectronicInvoice(invoice.type);

  const submit = async () => {
    const input = { rid: invoice.rid, version: invoice.version, type: invoice.type, invoiceNo: invoiceNo.trim(), issuedOn: issuedOn?.format('YYYY-MM-DD') ?? '', file };
    const problem = issueProblem(input);
    if (problem) return feedback.failure(new Error(problem));
    issue.decide(input, '已开票', onClose);
  };

  return (
    <Modal open title="开具发票" okText="确认开票" cancelText="取消" onOk={() => void submit()} onCancel={onClose} confirmLoading={issue.isPending} destroyOnHidden width={600}>
      <InvoiceSummary invoice={invoice} />
      <Form layout="vertical" requiredMark>
        <Form.Item label="发票号码" required>
          <Input value={invoiceNo} maxLength={40} placeholder="开票系统中的发票号码" onChange={(event) => setInvoiceNo(event.target.value)} aria-label="发票号码" />
        </Form.Item>
        <Form.Item label="开票日期" required>
          <DatePicker value={issuedOn} onChange={setIssuedOn} style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs().endOf('day'))} aria-label="开票日期" />
        </Form.Item>
        <Form.Item label="发票文件" required={electronic} extra={electronic ? '电子发票请上传 PDF（或图片），不超过 10 MB；会员可在发票记录中下载' : '纸质发票可不上传，寄出后如有扫描件可一并上传'}>
          <Upload
            accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
            maxCount={1}
            fileList={file ? [{ uid: 'invoice', name: file.name, status: 'done' }] : []}
            onRemove={() => setFile(null)}
            beforeUpload={(chosen) => {
              const problem = invoiceFileProblem(chosen);
              if (problem) feedback.failure(new Error(problem));
              else setFile(chosen);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />}>{file ? '更换文件' : '选择文件'}</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
