import type { TypeGroup } from '@lab/contract';
import { Link } from 'react-router';
import { SectionEmpty, SectionHeading } from './section-heading';
import { projectQueryPath } from './links';

/** Service-type tiles: a tile opens /project with typeId and title; its sub-type tags add childId. */
export function ServiceTypeTiles({ groups }: { groups: TypeGroup[] }) {
  return (
    <section className="hp-section" aria-labelledby="hp-types-title">
      <div className="hp-container">
        <SectionHeading id="hp-types-title" title="检测服务" subtitle="覆盖材料表征、成分分析、谱学与显微等主流测试方向" />
        {groups.length === 0 ? (
          <SectionEmpty text="暂无服务分类" />
        ) : (
          <ul className="hp-types">
            {groups.map((group) => (
              <li key={group.id} className="hp-type">
                <Link className="hp-type-head" to={projectQueryPath({ typeId: group.typeId, title: group.name })}>
                  <img src={group.img} alt="" width={56} height={56} decoding="async" />
                  <span className="hp-type-name">{group.name}</span>
                  <span className="hp-type-arrow" aria-hidden="true">›</span>
                </Link>
                {group.typeChildArr.length > 0 ? (
                  <ul className="hp-tags" aria-label={`${group.name}的细分项目`}>
                    {group.typeChildArr.map((child) => (
                      <li key={child.id}>
                        <Link
                          className="hp-tag"
                          to={projectQueryPath({ typeId: group.typeId, title: group.name, childId: child.id })}
                        >
                          {child.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
