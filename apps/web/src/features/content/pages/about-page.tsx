import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { ContentBody } from '../components/content-body';
import { isAboutSection, pageLabels } from '../components/page-labels';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /about/profile | culture | recruit, from GET /api/open/web/page?key=. */
export default function AboutPage() {
  const { section } = useParams();
  const valid = isAboutSection(section) ? section : null;
  useDocumentTitle(valid ? pageLabels[valid] : '页面不存在');
  if (!valid) return <NotFound />;
  return (
    <div className="cnt-panel">
      <ContentBody key={valid} pageKey={valid} />
    </div>
  );
}
