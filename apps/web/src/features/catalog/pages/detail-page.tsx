import UnderConstructionPage from '../../../pages/under-construction-page';

export default function DetailPage() {
  return <UnderConstructionPage />;
}
