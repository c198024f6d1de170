import OrderDetailPage from '../../orders/pages/order-detail-page';
import { ReimbursementPanel } from '../components/reimbursement-panel';

/** /member/order/:orderNo: the orders feature's page with the 报销材料 panel over orders, funds and payments. */
export default function MemberOrderPage() {
  return <OrderDetailPage pack={(orderNo) => <ReimbursementPanel scope={{ order_no: orderNo }} />} />;
}
