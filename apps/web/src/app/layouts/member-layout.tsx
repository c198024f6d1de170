import { NavLink, Outlet } from 'react-router';
import { UserOutlined } from '@ant-design/icons';
import { displayName, maskPhone, useUserInfo } from '../../lib/user-info';
import { memberNav } from './member-nav';
import { AreaGuard } from './area-guard';
import { AntScope } from '../../components/ant-scope';
import '../../styles/area.css';

function MemberCard() {
  const { data: info } = useUserInfo();
  return (
    <div className="area-card">
      <span className="area-avatar" aria-hidden>
        <UserOutlined />
      </span>
      <span className="area-card-text">
        <strong>{info ? displayName(info) : '会员'}</strong>
        <small>{info ? maskPhone(info.account.phone) : '\u00a0'}</small>
      </span>
    </div>
  );
}

/** 会员中心: the left menu of all 17 member pages, the page on the right; loaded lazily with antd, inside antd's providers. */
export default function MemberLayout() {
  return (
    <AntScope>
      <div className="container area">
        <aside className="area-side" aria-label="会员中心菜单">
          <MemberCard />
          <nav className="area-menu">
            {memberNav.map((group) => (
              <div className="area-group" key={group.title}>
                <h3>{group.title}</h3>
                {group.items.map((item) => (
                  <NavLink key={item.path} to={`/member/${item.path}`}>
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
