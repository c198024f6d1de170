import { useEffect } from 'react';
import { Alert, DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { adminInvoiceRedBody, formatFen, type AdminInvoice } from '@lab/contract';
import { Summary } from '../../../components/admin/summary';
import { SchemaForm } from '../../../components/schema-form';
import { recordRedLetter } from '../api/decide-invoice';
import { useFinanceMutation } from '../api/use-finance-mutation';

/** What an issued invoice still owes: the refunded amounts waiting for their red-letter invoice. */
export const owedRedLetters = (invoice: AdminInvoice) => invoice.redLetters.filter((r) => r.status === 'needed');

interface Values {
  red_invoice_no: string;
  red_issued_on: Dayjs | null;
}

/**
 * 登记红冲: money this invoice covered was refunded (an order cancelled after the invoice was
 * issued). Finance makes out the red-letter invoice (红字发票) for it in the tax system and
 * records its number and date here; the member is told.
 */
export function RedLetterModal({ invoice, onClose }: { invoice: AdminInvoice | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const record = useFinanceMutation(recordRedLetter);

  useEffect(() => {
    if (invoice) form.setFieldsValue({ red_invoice_no: '', red_issued_on: dayjs() });
  }, [invoice, form]);
  if (!invoice) return null;
  const owed = owedRedLetters(invoice);
  const owedFen = owed.reduce((sum, r) => sum + r.amountFen, 0);

  const bodyOf = (values: Values) => ({ rid: invoice.rid, version: invoice.version, red_invoice_no: (values.red_invoice_no ?? '').trim(), red_issued_on: values.red_issued_on?.format('YYYY-MM-DD') ?? '' });

  return (
    <Modal open title="登记红冲" okText="确认已红冲" cancelText="取消" onOk={() => form.submit()} onCancel={onClose} confirmLoading={record.isPending} destroyOnHidden width={600}>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={`该发票所含款项已退款 ${formatFen(owedFen)}，请在开票系统中开具红字发票后登记。`}
      />
      <Summary
        items={[
          { key: 'title', label: '发票抬头', children: invoice.title.title },
          { key: 'no', label: '原发票号码', children: <span className="finance-mono">{invoice.invoiceNo}</span> },
          { key: 'amount', label: '原开票金额', children: formatFen(invoice.amountFen) },
          { key: 'red', label: '待红冲', children: owed.map((r) => r.reason).join('；') },
        ]}
      />
      <SchemaForm
        form={form}
        name="red-letter"
        schema={adminInvoiceRedBody}
        body={bodyOf}
        layout="vertical"
        requiredMark
        initialValues={{ red_invoice_no: '', red_issued_on: dayjs() }}
        onSubmit={(checked) => record.decide({ rid: checked.rid, version: checked.version, redInvoiceNo: checked.red_invoice_no, redIssuedOn: checked.red_issued_on }, '已登记红冲', onClose)}
      >
        <Form.Item label="红字发票号码" name="red_invoice_no" required>
          <Input maxLength={40} placeholder="开票系统中的红字发票号码" aria-label="红字发票号码" />
        </Form.Item>
        <Form.Item label="红冲日期" name="red_issued_on" required>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs().endOf('day'))} aria-label="红冲日期" />
        </Form.Item>
      </SchemaForm>
    </Modal>
  );
}
