import UnsettledPage from '../../orders/pages/unsettled-page';
import { ReimbursementButton } from '../components/reimbursement-panel';

/** /member/unsettled: the orders feature's 待结算 and 对账单, with the period's 报销材料. */
export default function MemberUnsettledPage() {
  return <UnsettledPage pack={(period) => <ReimbursementButton scope={period} />} />;
}
