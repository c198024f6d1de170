import UnderConstructionPage from '../../../pages/under-construction-page';

export default function ListPage() {
  return <UnderConstructionPage />;
}
