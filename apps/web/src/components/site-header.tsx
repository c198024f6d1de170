import { useState } from 'react';
import { DownOutlined, ExperimentOutlined, LogoutOutlined, MenuOutlined, PhoneOutlined, UserOutlined } from './icons';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { loginPanel } from '../lib/login-panel';
import { displayName } from '../lib/user-info';
import { projectPath, serviceTypes, siteInfo } from '../lib/site-info';
import { Logo } from './logo';
import { MessageBell } from './message-bell';
import { useSiteContact } from '../lib/site-contact';
import { CountBadge } from './count-badge';
import { HoverMenu } from './hover-menu';
import { SideDrawer } from './side-drawer';
import { useHeaderAccount } from './use-header-account';
import { mainLinks, SearchForm } from './site-header-sections';

/**
 * The site's header, in the public shell (built without antd): the top bar (hotline, 指南,
 * 发布需求, the account), the main bar (logo, navigation, search, the plan, messages) and, on a
 * phone, the same in a side drawer. The account is useHeaderAccount's; the search and the links
 * are in site-header-sections.tsx.
 */
export function SiteHeader() {
  const contact = useSiteContact();
  const { loggedIn, info, cartNum, signOut } = useHeaderAccount();
  const [drawer, setDrawer] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const servicesActive = location.pathname.startsWith('/project');
  const closeDrawer = () => setDrawer(false);

  const accountArea = loggedIn ? (
    <HoverMenu
      items={[
        { key: 'center', icon: <UserOutlined />, label: '会员中心' },
        { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
      ]}
      onPick={(key) => {
        if (key === 'center') void navigate('/member/center');
        else void signOut();
      }}
    >
      {(props) => (
        <button type="button" className="topbar-user" data-testid="header-user" {...props}>
          <UserOutlined /> {displayName(info) || '会员'} <DownOutlined className="caret" />
        </button>
      )}
    </HoverMenu>
  ) : (
    <span className="topbar-auth">
      <button type="button" data-login-view="sign" onClick={() => loginPanel.open({ view: 'sign' })}>
        登录
      </button>
      <span className="sep" aria-hidden>
        |
      </span>
      <button type="button" data-login-view="reg" onClick={() => loginPanel.open({ view: 'reg' })}>
        注册
      </button>
    </span>
  );

  return (
    <header className="site-header">
      <div className="topbar">
        <div className="container topbar-inner">
          <span className="topbar-welcome">
            欢迎来到{siteInfo.name}
            <span className="topbar-hotline">
              <PhoneOutlined /> 服务热线 {contact.phone}
            </span>
          </span>
          <nav className="topbar-links" aria-label="快捷入口">
            <NavLink to="/guide">指南</NavLink>
            <NavLink to="/require">发布需求</NavLink>
            {accountArea}
          </nav>
        </div>
      </div>
      <div className="mainbar">
        <div className="container mainbar-inner">
          <Link to="/" className="brand">
            <Logo />
            {/* after the visible name, so the link's name starts with what it shows */}
            <span className="visually-hidden">（首页）</span>
          </Link>
          <nav className="main-nav" aria-label="主导航">
            <NavLink to="/" end>
              首页
            </NavLink>
            <div className={servicesActive ? 'nav-menu active' : 'nav-menu'}>
              <button type="button" className="nav-menu-trigger" aria-haspopup="true">
                服务 <DownOutlined className="caret" />
              </button>
              <div className="nav-menu-panel">
                {serviceTypes.map((type) => (
                  <Link key={type.typeId} to={projectPath(type.typeId, type.title)}>
                    <strong>{type.title}</strong>
                    <small>{type.note}</small>
                  </Link>
                ))}
              </div>
            </div>
            {mainLinks.map((link) => (
              <NavLink key={link.to} to={link.to}>
                {link.label}
              </NavLink>
            ))}
          </nav>
          <SearchForm />
          <Link to="/experiment/plan" className="plan-link">
            <CountBadge count={cartNum}>
              <ExperimentOutlined className="plan-icon" />
            </CountBadge>
            <span className="plan-label">实验计划</span>
          </Link>
          <MessageBell />
          <button type="button" className="menu-toggle" aria-label="打开菜单" aria-expanded={drawer} onClick={() => setDrawer(true)}>
            <MenuOutlined />
          </button>
        </div>
      </div>
      <SideDrawer className="mobile-nav" open={drawer} onClose={closeDrawer} label="菜单" title={<Logo />}>
        <nav className="mobile-links" aria-label="手机导航" onClick={(event) => (event.target as HTMLElement).closest('a') && closeDrawer()}>
          <NavLink to="/" end>
            首页
          </NavLink>
          <span className="mobile-group">服务</span>
          {serviceTypes.map((type) => (
            <Link key={type.typeId} className="mobile-sub" to={projectPath(type.typeId, type.title)}>
              {type.title}
            </Link>
          ))}
          {mainLinks.map((link) => (
            <NavLink key={link.to} to={link.to}>
              {link.label}
            </NavLink>
          ))}
          <NavLink to="/guide">指南</NavLink>
          <NavLink to="/require">发布需求</NavLink>
          <NavLink to="/experiment/plan">
            实验计划{cartNum > 0 ? `（${cartNum}）` : ''}
          </NavLink>
          {loggedIn ? <NavLink to="/member/center">会员中心</NavLink> : null}
        </nav>
        <div className="mobile-account">
          {loggedIn ? (
            <button
              type="button"
              className="plain-button"
              onClick={() => {
                closeDrawer();
                void signOut();
              }}
            >
              退出登录
            </button>
          ) : (
            <>
              <button
                type="button"
                className="plain-button plain-button-primary"
                onClick={() => {
                  closeDrawer();
                  loginPanel.open({ view: 'sign' });
                }}
              >
                登录
              </button>
              <button
                type="button"
                className="plain-button"
                onClick={() => {
                  closeDrawer();
                  loginPanel.open({ view: 'reg' });
                }}
              >
                注册
              </button>
            </>
          )}
        </div>
      </SideDrawer>
    </header>
  );
}
