import UnderConstructionPage from '../../pages/under-construction-page';

export default function MemberLayout() {
  return <UnderConstructionPage />;
}
