import { NavLink, Outlet } from 'react-router';
import { ExperimentOutlined } from '@ant-design/icons';
import { experimentNav } from './member-nav';
import { AreaGuard } from './area-guard';
import { AntScope } from '../../components/ant-scope';
import '../../styles/area.css';

/** 实验: the experiment plan (cart), demands and contracts; loaded lazily with antd, inside antd's providers. */
export default function ExperimentLayout() {
  return (
    <AntScope>
      <div className="container area">
        <aside className="area-side" aria-label="实验菜单">
          <div className="area-card">
            <span className="area-avatar" aria-hidden>
              <ExperimentOutlined />
            </span>
            <span className="area-card-text">
              <strong>我的实验</strong>
              <small>计划 · 需求 · 合同</small>
            </span>
          </div>
          <nav className="area-menu">
            <div className="area-group">
              {experimentNav.map((item) => (
                <NavLink key={item.path} to={`/experiment/${item.path}`}>
                  {item.label}
                </NavLink>
              ))}
            </div>
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
