import { MemberCenter } from '../components/member-center';
import { BalanceSummary } from '../../funds/components/balance-summary';

/** /member/center: the member feature's centre with the funds feature's money card. */
export default function MemberCenterPage() {
  return <MemberCenter money={<BalanceSummary />} />;
}
