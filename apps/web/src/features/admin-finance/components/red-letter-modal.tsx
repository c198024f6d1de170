import { useEffect, useState } from 'react';
import { Alert, DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { adminInvoiceRedBody, formatFen, type AdminInvoice } from '@lab/contract';
import { Summary } from '../../../components/admin/summary';
import { feedback } from '../../../lib/feedback';
import { recordRedLetter } from '../api/decide-invoice';
import { useFinanceMutation } from '../api/use-finance-mutation';

/** What an issued invoice still owes: the refunded amounts waiting for their red-letter invoice. */
export const owedRedLetters = (invoice: AdminInvoice) => invoice.redLetters.filter((r) => r.status === 'needed');

/**
 * 登记红冲: money this invoice covered was refunded (an order cancelled after the invoice was
 * issued). Finance makes out the red-letter invoice (红字发票) for it in the tax system and
 * records its number and date here; the member is told.
 */
export function RedLetterModal({ invoice, onClose }: { invoice: AdminInvoice | null; onClose: () => void }) {
  const [redInvoiceNo, setRedInvoiceNo] = useState('');
  const [redIssuedOn, setRedIssuedOn] = useState<Dayjs | null>(dayjs());
  const record = useFinanceMutation(recordRedLetter);

  useEffect(() => {
    setRedInvoiceNo('');
    setRedIssuedOn(dayjs());
  }, [invoice]);
  if (!invoice) return null;
  const owed = owedRedLetters(invoice);
  const owedFen = owed.reduce((sum, r) => sum + r.amountFen, 0);

  const submit = () => {
    const input = { rid: invoice.rid, version: invoice.version, redInvoiceNo: redInvoiceNo.trim(), redIssuedOn: redIssuedOn?.format('YYYY-MM-DD') ?? '' };
    const checked = adminInvoiceRedBody.safeParse({ rid: input.rid, version: input.version, red_invoice_no: input.redInvoiceNo, red_issued_on: input.redIssuedOn });
    if (!checked.success) return feedback.failure(new Error(checked.error.issues[0]?.message ?? '请检查填写的内容'));
    record.decide(input, '已登记红冲', onClose);
  };

  return (
    <Modal open title="登记红冲" okText="确认已红冲" cancelText="取消" onOk={submit} onCancel={onClose} confirmLoading={record.isPending} destroyOnHidden width={600}>
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
      <Form layout="vertical" requiredMark>
        <Form.Item label="红字发票号码" required>
          <Input value={redInvoiceNo} maxLength={40} placeholder="开票系统中的红字发票号码" onChange={(event) => setRedInvoiceNo(event.target.value)} aria-label="红字发票号码" />
        </Form.Item>
        <Form.Item label="红冲日期" required>
          <DatePicker value={redIssuedOn} onChange={setRedIssuedOn} style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs().endOf('day'))} aria-label="红冲日期" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
