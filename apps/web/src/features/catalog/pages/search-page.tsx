import UnderConstructionPage from '../../../pages/under-construction-page';

export default function SearchPage() {
  return <UnderConstructionPage />;
}
