import OrderDetailPage from '../../orders/pages/order-detail-page';
import { PaperMethodsPanel } from '../components/paper-methods-panel';
import { ReimbursementPanel } from '../components/reimbursement-panel';

/** /member/order/:orderNo: the orders feature's page with the 报销材料 panel over orders, funds and payments, and 论文方法与致谢 over orders and the catalogue. */
export default function MemberOrderPage() {
  return <OrderDetailPage pack={(orderNo) => <ReimbursementPanel scope={{ order_no: orderNo }} />} methods={(orderNo) => <PaperMethodsPanel orderNo={orderNo} />} />;
}
