import UnderConstructionPage from '../../pages/under-construction-page';

export default function ExperimentLayout() {
  return <UnderConstructionPage />;
}
