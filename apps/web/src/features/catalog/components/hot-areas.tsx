import type { HotArea } from '@lab/contract';
import { Link } from 'react-router';
import { SectionEmpty, SectionHeading } from './section-heading';
import { projectRoutePath } from './links';

/** Hot special area: each card opens the project route with typeId and title; more goes to /project. */
export function HotAreas({ areas }: { areas: HotArea[] }) {
  return (
    <section className="hp-section hp-section-alt" aria-labelledby="hp-areas-title">
      <div className="hp-container">
        <SectionHeading id="hp-areas-title" title="热门专区" subtitle="高频测试项目集中办理，方案成熟、周期稳定" more={{ to: '/project' }} />
        {areas.length === 0 ? (
          <SectionEmpty text="暂无热门专区" />
        ) : (
          <ul className="hp-areas">
            {areas.map((area) => (
              <li key={area.id}>
                <Link className="hp-area" to={projectRoutePath(area.typeId, area.title)}>
                  <span className="hp-area-media">
                    <img src={area.img} alt={area.name} width={400} height={225} loading="lazy" decoding="async" />
                  </span>
                  <span className="hp-area-body">
                    <span className="hp-area-name">{area.name}</span>
                    <span className="hp-area-sketch">{area.sketch}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
