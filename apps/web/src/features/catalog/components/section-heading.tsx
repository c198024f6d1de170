import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface SectionHeadingProps {
  id: string;
  title: string;
  subtitle?: string;
  more?: { to: string; label?: string } | undefined;
  children?: ReactNode;
}

/** A home-page section title: the name, a one-line subtitle and an optional more link. */
export function SectionHeading({ id, title, subtitle, more, children }: SectionHeadingProps) {
  return (
    <div className="hp-heading">
      <div className="hp-heading-text">
        <h2 id={id}>{title}</h2>
        {subtitle ? <p>{subtitle}</p> : null}
      </div>
      {children}
      {more ? (
        <Link className="hp-more" to={more.to} aria-label={`${more.label ?? '查看更多'}：${title}`}>
          {more.label ?? '查看更多'}
          <span aria-hidden="true"> ›</span>
        </Link>
      ) : null}
    </div>
  );
}

/** What a home section shows when its list is empty. */
export function SectionEmpty({ text }: { text: string }) {
  return <p className="hp-empty">{text}</p>;
}
