import { Link } from 'react-router';

/** The blue band atop a content page: 首页 / the page's name, its title and a one-line lead. */
export function PageHeader({ crumb, title, lead }: { crumb: string; title: string; lead: string }) {
  return (
    <div className="cnt-header">
      <div className="cnt-container">
        <nav aria-label="面包屑" className="cnt-crumbs">
          <Link to="/">首页</Link>
          <span aria-hidden> / </span>
          <span aria-current="page">{crumb}</span>
        </nav>
        <h1 className="cnt-title">{title}</h1>
        <p className="cnt-lead">{lead}</p>
      </div>
    </div>
  );
}
