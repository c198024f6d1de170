import type { HotItem } from '@lab/contract';
import { Link } from 'react-router';
import { SectionEmpty, SectionHeading } from './section-heading';
import { detailPath } from './links';

/** Popular projects: name, the sketch as a tooltip, and the order count followed by 单. */
export function HotItems({ items }: { items: HotItem[] }) {
  return (
    <section className="hp-section hp-section-alt" aria-labelledby="hp-hot-title">
      <div className="hp-container">
        <SectionHeading id="hp-hot-title" title="热门项目" subtitle="科研用户下单最多的测试项目" />
        {items.length === 0 ? (
          <SectionEmpty text="暂无热门项目" />
        ) : (
          <ul className="hp-hot">
            {items.map((item) => {
              const tipId = `hp-hot-tip-${item.rid}`;
              return (
                <li key={item.rid}>
                  <Link className="hp-hot-item" to={detailPath(item.rid)} aria-describedby={item.sketch ? tipId : undefined}>
                    <span className="hp-hot-media">
                      <img src={item.img} alt={item.name} width={320} height={240} loading="lazy" decoding="async" />
                    </span>
                    <span className="hp-hot-name">{item.name}</span>
                    <span className="hp-hot-order">
                      <strong>{item.order}</strong>单
                    </span>
                    {item.sketch ? (
                      <span className="hp-tooltip" role="tooltip" id={tipId}>
                        {item.sketch}
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
