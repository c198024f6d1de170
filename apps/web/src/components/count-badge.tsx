import type { ReactNode } from 'react';

/** A red count on the corner of an icon (cart, unread messages); nothing when zero. */
export function CountBadge({ count, max = 99, offsetX = 4, children }: { count: number; max?: number; offsetX?: number; children: ReactNode }) {
  const text = count > max ? `${max}+` : String(count);
  return (
    <span className="count-badge-wrap">
      {children}
      {count > 0 ? <sup className={text.length > 1 ? 'count-badge count-badge-wide' : 'count-badge'} style={offsetX === 4 ? undefined : { right: -offsetX }}>
          {text}
        </sup> : null}
    </span>
  );
}
