import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ServiceCase } from '@lab/contract';
import { useAbilityShowcase } from '../api/get-ability-showcase';
import { PageHeader } from '../components/page-header';
import { EmptyState } from '../components/empty-state';
import { SkeletonBlock } from '../../../components/skeleton-block';
import { QueryError } from '../../../components/query-error';
import { caseTarget, formatDate } from '../components/links';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../components/catalog.css';
import '../components/televised.css';

function CaseCard({ item, children }: { item: ServiceCase; children: ReactNode }) {
  const target = caseTarget(item);
  if (target.kind === 'external') {
    return (
      <a className="tv-case" href={target.href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return (
    <Link className="tv-case" to={target.kind === 'internal' ? target.to : '/list/service'}>
      {children}
    </Link>
  );
}

export default function TelevisedPage() {
  useDocumentTitle('能力展示');
  const query = useAbilityShowcase();
  const data = query.data;

  return (
    <div className="cat-page">
      <PageHeader title="能力展示" crumbs={[{ label: '能力展示' }]}>
        <p className="cat-lead">高端分析仪器、资深测试工程师与规范的质量体系，为科研与产业用户提供可信赖的数据。</p>
      </PageHeader>
      <div className="cat-container cat-body">
        {query.isPending ? (
          <div className="cat-panel" aria-busy="true">
            <SkeletonBlock rows={8} />
          </div>
        ) : !data ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            {data.figures.length > 0 ? (
              <ul className="tv-figures" aria-label="关键数据">
                {data.figures.map((figure) => (
                  <li key={figure.label}>
                    <span className="tv-figure-value">
                      {figure.value.toLocaleString('zh-CN')}
                      <small>{figure.unit}</small>
                    </span>
                    <span className="tv-figure-label">{figure.label}</span>
                  </li>
                ))}
              </ul>
            ) : null}

            <section className="tv-block" aria-labelledby="tv-sections">
              <h2 id="tv-sections" className="tv-heading">
                平台能力
              </h2>
              {data.sections.length === 0 ? (
                <EmptyState className="cat-empty" description="暂无能力介绍" />
              ) : (
                <ul className="tv-sections">
                  {data.sections.map((section, index) => (
                    <li key={section.title} className="tv-section">
                      <span className="tv-section-media">
                        <img src={section.img} alt={section.title} width={560} height={315} loading={index < 2 ? 'eager' : 'lazy'} decoding="async" />
                      </span>
                      <span className="tv-section-body">
                        <h3>{section.title}</h3>
                        <p>{section.sketch}</p>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>

            <section className="tv-block" aria-labelledby="tv-cases">
              <div className="tv-heading-row">
                <h2 id="tv-cases" className="tv-heading">
                  典型案例
                </h2>
                <Link to="/list/service" className="cat-more-link">
                  全部案例 ›
                </Link>
              </div>
              {data.cases.length === 0 ? (
                <EmptyState className="cat-empty" description="暂无案例" />
              ) : (
                <ul className="tv-cases">
                  {data.cases.map((item) => (
                    <li key={item.rid}>
                      <CaseCard item={item}>
                        <span className="tv-case-media">
                          <img src={item.img} alt={item.title} width={400} height={225} loading="lazy" decoding="async" />
                        </span>
                        <span className="tv-case-body">
                          <span className="tv-case-title">{item.title}</span>
                          <span className="tv-case-sketch">{item.sketch}</span>
                          <time dateTime={formatDate(item.created)}>{formatDate(item.created)}</time>
                        </span>
                      </CaseCard>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </div>
    </div>
  );
}
