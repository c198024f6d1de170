import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

export function Crumbs({ crumbs, className = 'cat-crumbs' }: { crumbs: Crumb[]; className?: string }) {
  return (
    <nav aria-label="面包屑" className={className}>
      <ol>
        <li>
          <Link to="/">首页</Link>
        </li>
        {crumbs.map((crumb, index) => (
          <li key={`${crumb.label}-${index}`}>
            {crumb.to ? <Link to={crumb.to}>{crumb.label}</Link> : <span aria-current="page">{crumb.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The band at the top of every catalogue page: breadcrumb, title and an optional line. */
export function PageHeader({ title, crumbs, children }: { title: ReactNode; crumbs: Crumb[]; children?: ReactNode }) {
  return (
    <div className="cat-header">
      <div className="cat-container">
        <Crumbs crumbs={crumbs} />
        <h1 className="cat-title">{title}</h1>
        {children}
      </div>
    </div>
  );
}
