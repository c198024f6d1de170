import UnderConstructionPage from '../../../pages/under-construction-page';

export default function StaticPage() {
  return <UnderConstructionPage />;
}
