import UnderConstructionPage from '../../../pages/under-construction-page';

export default function HomePage() {
  return <UnderConstructionPage />;
}
