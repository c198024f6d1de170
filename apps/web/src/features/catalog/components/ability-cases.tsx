import type { ServiceCase } from '@lab/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SectionEmpty, SectionHeading } from './section-heading';
import { caseTarget, formatDate } from './links';

function CaseLink({ item, className, children }: { item: ServiceCase; className: string; children: ReactNode }) {
  const target = caseTarget(item);
  if (target.kind === 'external') {
    return (
      <a className={className} href={target.href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return (
    <Link className={className} to={target.kind === 'internal' ? target.to : '/list/service'}>
      {children}
    </Link>
  );
}

/** Ability-demonstration cases: the external source when there is one, else /article/{rid}. */
export function AbilityCases({ cases }: { cases: ServiceCase[] }) {
  return (
    <section className="hp-section" aria-labelledby="hp-cases-title">
      <div className="hp-container">
        <SectionHeading id="hp-cases-title" title="能力展示" subtitle="真实测试案例，直观了解我们的数据质量" more={{ to: '/list/service' }} />
        {cases.length === 0 ? (
          <SectionEmpty text="暂无案例" />
        ) : (
          <ul className="hp-cases">
            {cases.map((item) => (
              <li key={item.rid}>
                <CaseLink item={item} className="hp-case">
                  <span className="hp-case-media">
                    <img src={item.img} alt={item.title} width={400} height={225} loading="lazy" decoding="async" />
                  </span>
                  <span className="hp-case-body">
                    <span className="hp-case-title">{item.title}</span>
                    <span className="hp-case-sketch">{item.sketch}</span>
                    <time className="hp-case-date" dateTime={formatDate(item.created)}>
                      {formatDate(item.created)}
                    </time>
                  </span>
                </CaseLink>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
