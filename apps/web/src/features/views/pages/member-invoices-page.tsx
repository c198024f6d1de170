import InvoiceRecordsPage from '../../funds/pages/invoice-records-page';
import { ReimbursementButton } from '../components/reimbursement-panel';

/** /member/invoiceLs: the funds feature's invoice records with each invoice's 报销材料 (the orders it covers). */
export default function MemberInvoicesPage() {
  return <InvoiceRecordsPage pack={(invoice) => <ReimbursementButton scope={{ invoice_rid: invoice.rid }} />} />;
}
