import { lazy, Suspense, useEffect, useRef } from 'react';
import { loginPanel, useLoginPanel } from '../../lib/login-panel';
import { keepSessionFresh } from '../../lib/api';
import { Outlet, useLocation } from 'react-router';
import { SiteHeader } from '../../components/site-header';
import { SiteFooter } from '../../components/site-footer';
import { SideBar } from '../../components/side-bar';
import { AttestationHost, LoginPanelHost } from '../../features/accounts/login-panel-host';
import { useUserInfo } from '../../lib/user-info';

// loaded only when a member is asked again
const ConsentDialog = lazy(() => import('../../features/content/components/consent-dialog'));

/**
 * A logged-in member whose 用户协议 or 隐私政策 is older than the version in force is asked
 * again (user/info's consentDue, read at login and on every page load) before going on.
 */
function ConsentDueHost() {
  const due = useUserInfo().data?.consentDue;
  return due?.length ? (
    <Suspense>
      <ConsentDialog items={due} />
    </Suspense>
  ) : null;
}

import '../../styles/global.css';
import '../../styles/shell.css';

/**
 * Spec: every navigation scrolls to the top. A navigation the login guard cancelled (it
 * lands back on the same page with the login panel open) is not one: the page stays put.
 * Nor is the first page the browser opened: a server-drawn page can be scrolled before its
 * script takes over, and the reader stays where they are.
 */
function ScrollToTop() {
  const { key, pathname, search } = useLocation();
  // the last navigation seen (a ref: StrictMode's second run of the effect is not a navigation)
  const seen = useRef<{ key: string | null; here: string | null }>({ key: null, here: null });
  useEffect(() => {
    const lastSeen = seen.current;
    if (lastSeen.key === key) return;
    const here = pathname + search;
    const first = lastSeen.key === null;
    const cancelled = lastSeen.here === here && loginPanel.get().open && loginPanel.get().intended !== null;
    lastSeen.key = key;
    lastSeen.here = here;
    if (!first && !cancelled) window.scrollTo(0, 0);
  }, [key, pathname, search]);
  return null;
}

/** Every 5 minutes: refresh a token with under an hour left, clear an expired one. */
function SessionKeeper() {
  useEffect(() => {
    const timer = setInterval(() => void keepSessionFresh(), 5 * 60_000);
    return () => clearInterval(timer);
  }, []);
  return null;
}

export function SiteLayout() {
  // the login panel is modal: while it is open, the page behind it is out of reach of the
  // keyboard and of assistive technology (inert), not only covered
  const { open } = useLoginPanel();
  return (
    <div className="site">
      <ScrollToTop />
      <SessionKeeper />
      <div className="site-behind" inert={open}>
        <SiteHeader />
        <main className="site-main">
          <Outlet />
        </main>
        <SiteFooter />
        <SideBar />
      </div>
      <LoginPanelHost />
      <AttestationHost />
      <ConsentDueHost />
    </div>
  );
}
