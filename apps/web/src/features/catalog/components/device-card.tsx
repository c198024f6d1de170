import type { DeviceSummary } from '@lab/contract';
import { formatFen, serviceTypeLabels } from '@lab/contract/display';
import { Link } from 'react-router';
import { detailPath } from './links';
import { Highlight } from './highlight';

/**
 * How a card's picture loads: `lazy` below the first screen; `eager` in the first row; `lead`
 * for the list's first card, the largest thing on a phone's first screen, asked for first.
 */
export type CardImage = 'lazy' | 'eager' | 'lead';

/** A service item in a list: image, name, model, sketch, price per unit, turnaround, orders. */
export function DeviceCard({ item, keyword, words, image = 'lazy' }: { item: DeviceSummary; keyword?: string | undefined; words?: readonly string[] | undefined; image?: CardImage }) {
  return (
    <Link className="cat-card" to={detailPath(item.rid)}>
      <span className="cat-card-media">
        <img
          src={item.img}
          alt={item.name}
          width={320}
          height={240}
          loading={image === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={image === 'lead' ? 'high' : 'auto'}
          decoding="async"
        />
        <span className="cat-card-type">{serviceTypeLabels[item.typeId] ?? item.groupName}</span>
      </span>
      <span className="cat-card-body">
        <span className="cat-card-name">
          <Highlight text={item.name} keyword={keyword} words={words} />
        </span>
        {item.model ? (
          <span className="cat-card-model">
            型号：<Highlight text={item.model} keyword={keyword} words={words} />
          </span>
        ) : null}
        <span className="cat-card-sketch">
          <Highlight text={item.sketch} keyword={keyword} words={words} />
        </span>
        <span className="cat-card-meta">
          <span>{item.childName ? `${item.groupName} · ${item.childName}` : item.groupName}</span>
          {item.turnaround ? <span>周期 {item.turnaround}</span> : null}
        </span>
        <span className="cat-card-foot">
          <span className="cat-price">
            {formatFen(item.priceFen)}
            <small>/{item.unit}</small>
          </span>
          {item.order > 0 ? <span className="cat-card-order">已售 {item.order} 单</span> : null}
        </span>
      </span>
    </Link>
  );
}

/** `firstRow`: the grid opens the page, its first row (4 wide) is on the first screen. */
export function DeviceGrid({ items, keyword, words, firstRow = false }: { items: DeviceSummary[]; keyword?: string | undefined; words?: readonly string[] | undefined; firstRow?: boolean }) {
  const imageOf = (index: number): CardImage => (!firstRow || index >= 4 ? 'lazy' : index === 0 ? 'lead' : 'eager');
  return (
    <ul className="cat-grid">
      {items.map((item, index) => (
        <li key={item.rid}>
          <DeviceCard item={item} keyword={keyword} words={words} image={imageOf(index)} />
        </li>
      ))}
    </ul>
  );
}
