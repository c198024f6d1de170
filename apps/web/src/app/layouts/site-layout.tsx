import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteHeader } from '../../components/site-header';
import { SiteFooter } from '../../components/site-footer';
import { SideBar } from '../../components/side-bar';
import { AttestationHost, LoginPanelHost } from '../../features/auth/login-panel-host';
import '../../styles/global.css';
import '../../styles/shell.css';

/** Spec: every navigation scrolls to the top. */
function ScrollToTop() {
  const { key } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);
  return null;
}

export function SiteLayout() {
  return (
    <div className="site">
      <ScrollToTop />
      <SiteHeader />
      <main className="site-main">
        <Outlet />
      </main>
      <SiteFooter />
      <SideBar />
      <LoginPanelHost />
      <AttestationHost />
    </div>
  );
}
