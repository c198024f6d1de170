import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { Badge, Button, Dropdown, Grid, Layout, Menu, Result, Tag, type MenuProps } from 'antd';
import { GlobalOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { staffRoleLabels, type StaffInfo } from '@lab/contract';
import { keepStaffSessionFresh, staffLogout } from '../../lib/admin-api';
import { useApprovalCounts } from '../../features/admin-approvals/api/approval-counts';
import { useConsultationCounts } from '../../features/admin-messages/api/consultations';
import { siteInfo } from '../../lib/site-info';
import { ScreenAccessProvider } from '../../components/admin/screen-access';
import { adminGroups } from '../admin/admin-nav';
import { adminScreens, canSee, type AdminScreen } from '../admin/admin-routes';
import { AdminGuard } from './admin-guard';
import '../../components/admin/admin.css';
import '../../styles/admin-shell.css';
import { AntScope } from '../../components/ant-scope';

/** 微信提醒: loaded when a staff member first opens it, not with every back-office page. */
const StaffWxModal = lazy(() => import('../../features/admin-accounts/components/staff-wx-modal').then((m) => ({ default: m.StaffWxModal })));

const { Header, Sider, Content } = Layout;

function useCurrentScreen(): AdminScreen | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    // the router marks each screen's route with its path (app/router.tsx); its title and roles are here
    const path = (matches[i]?.handle as { adminPath?: string } | undefined)?.adminPath;
    if (path !== undefined) return adminScreens.find((screen) => screen.path === path);
  }
  return undefined;
}

function AdminShell({ me }: { me: StaffInfo }) {
  const screens = Grid.useBreakpoint();
  const narrow = screens.lg === false;
  const [collapsed, setCollapsed] = useState(false);
  const [wxOpen, setWxOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const screen = useCurrentScreen();
  // what waits for this person's approval, on the menu (refreshed every minute)
  const waiting = useApprovalCounts().data?.todo ?? 0;
  // consultations waiting for an answer, for those who answer them
  const answersSales = canSee(adminScreens.find((s) => s.path === 'consultations')!, me.role);
  const unanswered = useConsultationCounts(answersSales).data?.pending ?? 0;

  useEffect(() => {
    document.title = `${screen?.title ?? '后台管理'} - 后台管理 - ${siteInfo.name}`;
  }, [screen]);

  // an open back office keeps its session, as the shop does
  useEffect(() => {
    const timer = setInterval(() => void keepStaffSessionFresh(), 5 * 60_000);
    return () => clearInterval(timer);
  }, []);

  // the menu follows the width (open on a desktop, closed on a phone), and on a phone it closes after a choice
  useEffect(() => {
    setCollapsed(narrow);
  }, [narrow, location.pathname]);

  const items = useMemo<MenuProps['items']>(
    () =>
      adminGroups
        .map((group) => {
          const children = adminScreens
            .filter((s) => s.group === group.key && canSee(s, me.role))
            .map((s) => ({
              key: `/admin/${s.path}`,
              label: (
                <Link to={`/admin/${s.path}`}>
                  {s.title}
                  {s.path === 'approvals' && waiting > 0 && <Badge className="admin-menu-badge" count={waiting} overflowCount={99} size="small" aria-label={`${waiting} 条待您审批`} />}
                  {s.path === 'consultations' && unanswered > 0 && <Badge className="admin-menu-badge" count={unanswered} overflowCount={99} size="small" aria-label={`${unanswered} 条咨询待回复`} />}
                </Link>
              ),
            }));
          if (children.length === 0) return null;
          if (group.single) return { key: children[0]!.key, icon: group.icon, label: children[0]!.label };
          return { key: group.key, icon: group.icon, label: group.label, children };
        })
        .filter((item) => item !== null),
    [me.role, waiting, unanswered],
  );

  const selected = useMemo(() => {
    const path = location.pathname;
    const own = adminScreens
      .filter((s) => s.group)
      .map((s) => `/admin/${s.path}`)
      .filter((key) => path === key || path.startsWith(`${key}/`))
      .sort((a, b) => b.length - a.length);
    return own[0] ?? path;
  }, [location.pathname]);
  const openGroup = adminScreens.find((s) => `/admin/${s.path}` === selected)?.group;

  const allowed = !screen || canSee(screen, me.role);
  const canOpen = useCallback(
    (to: string) => {
      const target = adminScreens.find((s) => s.path === to.split('?')[0]);
      return target ? canSee(target, me.role) : false;
    },
    [me.role],
  );
  const userMenu: MenuProps['items'] = [
    { key: 'site', icon: <GlobalOutlined />, label: <a href="/" target="_blank" rel="noreferrer">查看网站</a> },
    { key: 'wx', label: '微信提醒', onClick: () => setWxOpen(true) },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', onClick: async () => { await staffLogout(); navigate('/admin/login', { replace: true }); } },
  ];

  return (
    <Layout className="admin-shell">
      <Sider
        className="admin-sider"
        width={216}
        collapsedWidth={narrow ? 0 : 64}
        collapsible
        collapsed={collapsed}
        trigger={null}
        theme="light"
      >
        <Link to="/admin/dashboard" className="admin-brand" aria-label="后台首页">
          <span className="admin-brand-mark" aria-hidden>
            <svg viewBox="0 0 40 40" width="28" height="28" focusable="false">
              <rect width="40" height="40" rx="9" fill="#0a58ca" />
              <path d="M16 9h8M17.5 9v8.2L11 28.5A2.4 2.4 0 0 0 13.1 32h13.8a2.4 2.4 0 0 0 2.1-3.5L22.5 17.2V9" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
              <path d="M14 25h12" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </span>
          {!collapsed && <span className="admin-brand-text">后台管理</span>}
        </Link>
        <Menu mode="inline" items={items} selectedKeys={[selected]} defaultOpenKeys={openGroup ? [openGroup] : []} aria-label="后台菜单" />
      </Sider>
      <Layout>
        <Header className="admin-header">
          <Button type="text" aria-label={collapsed ? '展开菜单' : '收起菜单'} icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={() => setCollapsed((value) => !value)} />
          <span className="admin-header-site">{siteInfo.name}</span>
          <Dropdown menu={{ items: userMenu }} placement="bottomRight" trigger={['click']}>
            <Button type="text" className="admin-header-user" icon={<UserOutlined />}>
              <span className="admin-header-name">{me.name}</span>
              <Tag color="blue" bordered={false}>{staffRoleLabels[me.role]}</Tag>
            </Button>
          </Dropdown>
        </Header>
        <Content className="admin-content">
          {allowed ? (
            <ScreenAccessProvider value={canOpen}>
              <Outlet />
            </ScreenAccessProvider>
          ) : (
            <Result status="403" title="无权访问" subTitle={`「${screen?.title}」不在${staffRoleLabels[me.role]}的权限内，如需使用请联系管理员。`} extra={<Link to="/admin/dashboard">返回工作台</Link>} />
          )}
        </Content>
      </Layout>
      {wxOpen && (
        <Suspense fallback={null}>
          <StaffWxModal open={wxOpen} onClose={() => setWxOpen(false)} />
        </Suspense>
      )}
    </Layout>
  );
}

/** The back office: the menu by role on the left, the screen on the right. */
function AdminLayoutContent() {
  return <AdminGuard>{(me) => <AdminShell me={me} />}</AdminGuard>;
}

/** Loaded lazily, it brings antd along and puts antd's providers around itself (components/ant-scope). */
export default function AdminLayout() {
  return (
    <AntScope>
      <AdminLayoutContent />
    </AntScope>
  );
}
