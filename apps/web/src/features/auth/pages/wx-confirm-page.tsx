import UnderConstructionPage from '../../../pages/under-construction-page';

export default function WxConfirmPage() {
  return <UnderConstructionPage />;
}
