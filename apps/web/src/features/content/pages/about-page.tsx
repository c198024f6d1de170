import UnderConstructionPage from '../../../pages/under-construction-page';

export default function AboutPage() {
  return <UnderConstructionPage />;
}
