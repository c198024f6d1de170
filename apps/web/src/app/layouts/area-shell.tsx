import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { AreaGuard } from './area-guard';
import { AntScope } from '../../components/ant-scope';
import '../../styles/area.css';

interface AreaShellProps {
  /** the side bar's name for screen readers (会员中心菜单) */
  label: string;
  /** the card above the menu: an icon, a name and a line under it */
  card: { icon: ReactNode; title: ReactNode; note: ReactNode };
  /** where the menu's paths live (/member) */
  base: string;
  /** the menu: groups of links, a group's heading when it has one */
  groups: readonly { title?: string; items: readonly { path: string; label: string }[] }[];
}

/** The member and experiment areas: a card and a menu on the left, the page on the right; antd's providers around both. */
export function AreaShell({ label, card, base, groups }: AreaShellProps) {
  return (
    <AntScope>
      <div className="container area">
        <aside className="area-side" aria-label={label}>
          <div className="area-card">
            <span className="area-avatar" aria-hidden>
              {card.icon}
            </span>
            <span className="area-card-text">
              <strong>{card.title}</strong>
              <small>{card.note}</small>
            </span>
          </div>
          <nav className="area-menu">
            {groups.map((group, index) => (
              <div className="area-group" key={group.title ?? index}>
                {group.title && <h3>{group.title}</h3>}
                {group.items.map((item) => (
                  <NavLink key={item.path} to={`${base}/${item.path}`}>
                    {item.label}
                  </NavLink>
                ))}
              </div>
            ))}
          </nav>
        </aside>
        <section className="area-content">
          <AreaGuard>
            <Outlet />
          </AreaGuard>
        </section>
      </div>
    </AntScope>
  );
}
