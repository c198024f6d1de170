import { useState, type FormEvent } from 'react';
import { Badge, Button, Drawer, Dropdown } from 'antd';
import { DownOutlined, ExperimentOutlined, LogoutOutlined, MenuOutlined, PhoneOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { App } from 'antd';
import { loginPanel } from '../lib/login-panel';
import { useSession } from '../lib/session';
import { displayName, logout, useUserInfo } from '../lib/user-info';
import { projectPath, serviceTypes, siteInfo } from '../lib/site-info';
import { Logo } from './logo';
import { MessageBell } from './message-bell';
import { useSiteContact } from '../lib/site-contact';

/** Spec: search opens in a named window. */
export const SEARCH_WINDOW = 'labSearch';

export function openSearch(keyword: string) {
  window.open(`/search?kw=${encodeURIComponent(keyword.trim())}`, SEARCH_WINDOW);
}

const mainLinks = [
  { to: '/about', label: '关于我们' },
  { to: '/televised', label: '能力展示' },
  { to: '/list/news', label: '新闻' },
  { to: '/list/course', label: '课程' },
  { to: '/contact', label: '联系我们' },
] as const;

function useAccount() {
  const session = useSession();
  const { data: info } = useUserInfo();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const signOut = async () => {
    await navigate('/');
    await logout();
    void message.success('已退出登录');
  };
  return { loggedIn: session !== null, info, cartNum: session ? (info?.cartNum ?? 0) : 0, signOut };
}

function SearchForm({ onDone }: { onDone?: () => void }) {
  const [keyword, setKeyword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    openSearch(keyword);
    onDone?.();
  };
  return (
    <form className="header-search" role="search" onSubmit={submit}>
      <input
        type="search"
        name="kw"
        aria-label="搜索检测项目"
        placeholder="搜索检测项目、仪器"
        maxLength={50}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
      />
      <button type="submit" aria-label="搜索">
        <SearchOutlined />
        <span>搜索</span>
      </button>
    </form>
  );
}

export function SiteHeader() {
  const contact = useSiteContact();
  const { loggedIn, info, cartNum, signOut } = useAccount();
  const [drawer, setDrawer] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const servicesActive = location.pathname.startsWith('/project');
  const closeDrawer = () => setDrawer(false);

  const accountArea = loggedIn ? (
    <Dropdown
      trigger={['hover', 'click']}
      menu={{
        items: [
          { key: 'center', icon: <UserOutlined />, label: '会员中心' },
          { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
        ],
        onClick: ({ key }) => {
          if (key === 'center') void navigate('/member/center');
          else void signOut();
        },
      }}
    >
      <button type="button" className="topbar-user" data-testid="header-user">
        <UserOutlined /> {displayName(info) || '会员'} <DownOutlined className="caret" />
      </button>
    </Dropdown>
  ) : (
    <span className="topbar-auth">
      <button type="button" onClick={() => loginPanel.open({ view: 'sign' })}>
        登录
      </button>
      <span className="sep" aria-hidden>
        |
      </span>
      <button type="button" onClick={() => loginPanel.open({ view: 'reg' })}>
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
          <Link to="/" className="brand" aria-label={`${siteInfo.name}首页`}>
            <Logo />
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
            <Badge count={cartNum} size="small" offset={[4, -2]}>
              <ExperimentOutlined className="plan-icon" />
            </Badge>
            <span className="plan-label">实验计划</span>
          </Link>
          <MessageBell />
          <Button className="menu-toggle" type="text" aria-label="打开菜单" icon={<MenuOutlined />} onClick={() => setDrawer(true)} />
        </div>
      </div>
      <Drawer
        className="mobile-nav"
        open={drawer}
        onClose={closeDrawer}
        placement="right"
        size={300}
        title={<Logo />}
      >
        <SearchForm onDone={closeDrawer} />
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
            <Button
              block
              onClick={() => {
                closeDrawer();
                void signOut();
              }}
            >
              退出登录
            </Button>
          ) : (
            <>
              <Button
                type="primary"
                block
                onClick={() => {
                  closeDrawer();
                  loginPanel.open({ view: 'sign' });
                }}
              >
                登录
              </Button>
              <Button
                block
                onClick={() => {
                  closeDrawer();
                  loginPanel.open({ view: 'reg' });
                }}
              >
                注册
              </Button>
            </>
          )}
        </div>
      </Drawer>
    </header>
  );
}
