import UnderConstructionPage from '../../../pages/under-construction-page';

export default function TelevisedPage() {
  return <UnderConstructionPage />;
}
