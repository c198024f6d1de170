import { LeftOutlined, RightOutlined } from '../../../components/icons';

/**
 * Page numbers: the first, the last, two either side of the current one, and ••• for the
 * gaps (the pattern of antd's Pagination, which the public lists used before).
 */
export function pageItems(current: number, pages: number): (number | 'gap')[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, index) => index + 1);
  const from = Math.max(1, Math.min(current - 2, pages - 4));
  const to = Math.min(pages, Math.max(current + 2, 5));
  const items: (number | 'gap')[] = [];
  if (from > 1) items.push(1);
  if (from > 2) items.push('gap');
  for (let page = from; page <= to; page++) items.push(page);
  if (to < pages - 1) items.push('gap');
  if (to < pages) items.push(pages);
  return items;
}

export function Pager({ current, pageSize, total, onChange, className }: { current: number; pageSize: number; total: number; onChange: (page: number) => void; className?: string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className={className ? `pager ${className}` : 'pager'} aria-label="分页">
      <button type="button" className="pager-item" aria-label="上一页" disabled={current <= 1} onClick={() => onChange(current - 1)}>
        <LeftOutlined />
      </button>
      {pageItems(current, pages).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} className="pager-gap" aria-hidden="true">
            •••
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className={item === current ? 'pager-item pager-num is-active' : 'pager-item pager-num'}
            aria-label={`第 ${item} 页`}
            aria-current={item === current ? 'page' : undefined}
            onClick={() => item !== current && onChange(item)}
          >
            {item}
          </button>
        ),
      )}
      <button type="button" className="pager-item" aria-label="下一页" disabled={current >= pages} onClick={() => onChange(current + 1)}>
        <RightOutlined />
      </button>
    </nav>
  );
}
