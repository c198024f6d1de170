import { NavLink, Outlet } from 'react-router';
import { aboutSections, pageLabels } from '../components/page-labels';
import '../components/content.css';

/** /about: a sub-menu (profile, culture, recruit) beside the section's page. */
export default function AboutLayout() {
  return (
    <div className="cnt-page">
      <div className="cnt-header">
        <div className="cnt-container">
          <p className="cnt-eyebrow">ABOUT US</p>
          <h1 className="cnt-title">关于我们</h1>
          <p className="cnt-lead">专注材料表征与分析测试，为高校、科研院所及企业提供准确、及时、可追溯的检测数据。</p>
        </div>
      </div>
      <div className="cnt-container cnt-about">
        <nav className="cnt-menu" aria-label="关于我们">
          {aboutSections.map((section) => (
            <NavLink key={section} to={`/about/${section}`} className={({ isActive }) => (isActive ? 'is-active' : undefined)}>
              {pageLabels[section]}
            </NavLink>
          ))}
        </nav>
        <div className="cnt-main">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
