import UnderConstructionPage from '../../../pages/under-construction-page';

export default function ProjectListPage() {
  return <UnderConstructionPage />;
}
