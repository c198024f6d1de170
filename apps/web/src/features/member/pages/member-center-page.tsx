import UnderConstructionPage from '../../../pages/under-construction-page';

export default function MemberCenterPage() {
  return <UnderConstructionPage />;
}
