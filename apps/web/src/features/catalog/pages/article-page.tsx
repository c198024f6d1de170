import UnderConstructionPage from '../../../pages/under-construction-page';

export default function ArticlePage() {
  return <UnderConstructionPage />;
}
