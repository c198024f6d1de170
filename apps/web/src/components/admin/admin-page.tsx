import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Breadcrumb } from 'antd';
import './admin.css';

interface AdminPageProps {
  title: ReactNode;
  /** a line under the title: what the screen is for, or the object's state */
  description?: ReactNode;
  /** buttons on the right of the title (new, export…) */
  extra?: ReactNode;
  /** the screens above this one, e.g. [{ title: '订单管理', to: '/admin/orders' }] */
  parents?: { title: string; to: string }[];
  children: ReactNode;
}

/** Every back-office screen: a title row with its actions, then the content on a white card. */
export function AdminPage({ title, description, extra, parents, children }: AdminPageProps) {
  return (
    <div className="admin-page">
      {parents && parents.length > 0 && (
        <Breadcrumb
          className="admin-breadcrumb"
          items={[...parents.map((parent) => ({ title: <Link to={parent.to}>{parent.title}</Link> })), { title }]}
        />
      )}
      <header className="admin-page-head">
        <div>
          <h1>{title}</h1>
          {description && <p className="admin-page-description">{description}</p>}
        </div>
        {extra && <div className="admin-page-extra">{extra}</div>}
      </header>
      <div className="admin-page-body">{children}</div>
    </div>
  );
}

/** A white block inside a screen, with an optional title and actions. */
export function AdminSection({ title, extra, children }: { title?: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="admin-section">
      {(title || extra) && (
        <div className="admin-section-head">
          {title && <h2>{title}</h2>}
          {extra}
        </div>
      )}
      {children}
    </section>
  );
}
