import UnderConstructionPage from '../../../pages/under-construction-page';

export default function AboutLayout() {
  return <UnderConstructionPage />;
}
