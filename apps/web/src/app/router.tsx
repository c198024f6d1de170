import { createBrowserRouter, redirect, type HydrationState, type LoaderFunctionArgs, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { hasToken } from '../lib/session';
import { loginPanel } from '../lib/login-panel';
import { SiteLayout } from './layouts/site-layout';
import { RouteError } from './route-error';
import { Nothing, page } from './lazy-page';
import { agreementLoader, agreementPage, detailLoader, detailPage, homeLoader, homePage, projectListPage, projectLoader } from './public-loaders';

/**
 * Spec: without a stored token, navigation to a login-required route is cancelled and the
 * login panel opens; after login the user is sent on to that route.
 */
function requireLogin({ request }: LoaderFunctionArgs) {
  if (hasToken()) return null;
  const url = new URL(request.url);
  const intended = url.pathname + url.search;
  loginPanel.open({ view: 'sign', intended });
  const current = currentLocation();
  const stay = current ? current.pathname + current.search : null;
  // A first load straight onto a guarded route has nowhere to stay, nor has a guarded page: go home.
  throw redirect(!stay || isGuarded(stay) || current?.pathname === url.pathname ? '/' : stay);
}

const isGuarded = (path: string) => /^\/(member|experiment|pay)(\/|$|\?)/.test(path);

/**
 * The page the visitor is on; null during the first load (including its redirects, such as
 * /experiment → /experiment/plan), when `router` may still be being created.
 */
function currentLocation() {
  return router?.state.initialized ? router.state.location : null;
}

const memberChildren = [
  'center', 'prestore', 'unsettled', 'unpaid', 'coupon', 'information', 'address', 'sample', 'order',
  'oquery', 'promotion', 'invite', 'integral', 'invoiceMg', 'invoiceLs', 'communityMg', 'communityJn',
  // beyond the spec's routes: 个人信息与隐私 (PIPL: copy of my data, corrections, consents, 注销账号)
  'privacy',
  // 数据保管箱: the raw data the lab uploaded, with hashes and share links
  'vault',
] as const;

const memberPages: Partial<Record<(typeof memberChildren)[number], () => Promise<{ default: React.ComponentType }>>> = {
  center: () => import('../features/views/pages/member-center-page'),
  information: () => import('../features/member/pages/member-information-page'),
  address: () => import('../features/member/pages/address-page'),
  sample: () => import('../features/orders/pages/sample-page'),
  prestore: () => import('../features/funds/pages/prestore-page'),
  coupon: () => import('../features/funds/pages/coupon-page'),
  invoiceMg: () => import('../features/funds/pages/invoice-titles-page'),
  invoiceLs: () => import('../features/views/pages/member-invoices-page'),
  communityMg: () => import('../features/member/pages/community-manage-page'),
  communityJn: () => import('../features/member/pages/community-joined-page'),
  order: () => import('../features/orders/pages/order-list-page'),
  oquery: () => import('../features/orders/pages/order-query-page'),
  unpaid: () => import('../features/orders/pages/unpaid-page'),
  unsettled: () => import('../features/views/pages/member-unsettled-page'),
  promotion: () => import('../features/growth/pages/promotion-page'),
  invite: () => import('../features/growth/pages/invite-page'),
  integral: () => import('../features/growth/pages/points-page'),
  privacy: () => import('../features/privacy/pages/privacy-page'),
  vault: () => import('../features/vault/pages/vault-page'),
};

const experimentPages: Record<string, () => Promise<{ default: React.ComponentType }>> = {
  plan: () => import('../features/orders/pages/plan-page'),
  /** beyond the spec's routes: the order form between the plan and payment */
  confirm: () => import('../features/orders/pages/order-confirm-page'),
  demand: () => import('../features/orders/pages/demand-page'),
  contract: () => import('../features/orders/pages/contract-page'),
};

/**
 * The back office at /admin: its own layouts (no shop header or footer), every screen loaded
 * only when opened. The screens themselves are added to these two layouts the first time a
 * path under /admin is opened (patchAdminScreens), so the public pages carry none of them.
 */
const adminRoutes: RouteObject[] = [
  { path: '/admin/login', errorElement: <RouteError />, ...page(() => import('../features/admin-accounts/pages/admin-login-page')) },
  {
    id: 'admin',
    path: '/admin',
    errorElement: <RouteError />,
    ...page(() => import('./layouts/admin-layout')),
    children: [{ index: true, Component: Nothing, loader: () => redirect('/admin/dashboard') }],
  },
  {
    id: 'admin-bare',
    path: '/admin',
    errorElement: <RouteError />,
    ...page(() => import('./layouts/admin-bare-layout')),
  },
];

let adminScreensAdded: Promise<void> | null = null;

/** Where the back office's screens live: every path under it may be one (the server answers them all with the shell). */
export const BACK_OFFICE_SCREENS = '/admin/';

/** React Router asks for this when a path matches no route yet: under /admin, the back office's screens come in once. */
const patchAdminScreens: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (!path.startsWith(BACK_OFFICE_SCREENS)) return;
  adminScreensAdded ??= import('./admin/admin-route-tree').then(({ adminScreens, adminBareScreens }) => {
    patch('admin', adminScreens);
    patch('admin-bare', adminBareScreens);
  });
  await adminScreensAdded;
};

export const routes: RouteObject[] = [
  ...adminRoutes,
  {
    path: '/',
    Component: SiteLayout,
    // A first load whose loader leaves at once (/invited/CODE, a guarded route without a
    // token) has no page below to draw meanwhile: nothing, said outright (no router warning).
    HydrateFallback: Nothing,
    errorElement: <RouteError />,
    children: [
      { index: true, id: 'home', loader: homeLoader, ...page(homePage) },
      {
        path: 'invited/:code?',
        Component: Nothing,
        loader: ({ params }) => {
          // spec: always home; the register view opens only when a code came along
          if (params.code) loginPanel.open({ view: 'reg', inviterCode: params.code });
          return redirect('/');
        },
      },
      {
        path: 'member',
        loader: requireLogin,
        ...page(() => import('./layouts/member-layout')),
        children: [
          { index: true, Component: Nothing, loader: () => redirect('/member/center') },
          ...memberChildren.map((child) => ({
            path: child,
            loader: requireLogin,
            ...page(memberPages[child] ?? (() => import('../pages/under-construction-page'))),
          })),
          // beyond the spec's routes: one order's detail, the member's instrument bookings, in-site messages
          { path: 'order/:orderNo', loader: requireLogin, ...page(() => import('../features/views/pages/member-order-page')) },
          { path: 'reservation', loader: requireLogin, ...page(() => import('../features/orders/pages/my-reservations-page')) },
          { path: 'message', loader: requireLogin, ...page(() => import('../features/messages/pages/messages-page')) },
          // 我的咨询 (issue 31): the member's consultations, each a thread with the lab's sales
          { path: 'consult', loader: requireLogin, ...page(() => import('../features/messages/pages/consult-page')) },
          { path: 'consult/:rid', loader: requireLogin, ...page(() => import('../features/messages/pages/consult-thread-page')) },
          // 经费卡与审批 (issue 34): the PI's grant cards and approvals; the approval page the PI's SMS links to
          { path: 'grants', loader: requireLogin, ...page(() => import('../features/grants/pages/grants-page')) },
          { path: 'grant-approval/:rid', loader: requireLogin, ...page(() => import('../features/grants/pages/grant-approval-page')) },
          // 账号设置: 隐私与授权 (营销短信), the agreements, the consent record
          { path: 'settings', loader: requireLogin, ...page(() => import('../features/content/pages/account-settings-page')) },
        ],
      },
      {
        path: 'experiment',
        loader: requireLogin,
        ...page(() => import('./layouts/experiment-layout')),
        children: [
          { index: true, Component: Nothing, loader: () => redirect('/experiment/plan') },
          ...Object.entries(experimentPages).map(([child, load]) => ({
            path: child,
            loader: requireLogin,
            ...page(load),
          })),
        ],
      },
      {
        path: 'about',
        ...page(() => import('../features/content/pages/about-layout')),
        children: [
          { index: true, Component: Nothing, loader: () => redirect('/about/profile') },
          { path: ':section', ...page(() => import('../features/content/pages/about-page')) },
        ],
      },
      { path: 'project/:typeId?/:title?', id: 'project', loader: projectLoader, ...page(projectListPage) },
      { path: 'list/:type', ...page(() => import('../features/catalog/pages/list-page')) },
      { path: 'televised', ...page(() => import('../features/catalog/pages/televised-page')) },
      { path: 'article/:id', ...page(() => import('../features/catalog/pages/article-page')) },
      { path: 'detail/:rid', id: 'detail', loader: detailLoader, ...page(detailPage) },
      { path: 'search', ...page(() => import('../features/catalog/pages/search-page')) },
      // 用户协议, 隐私政策, 委托检测服务条款: the current version, or /agreement/privacy/1 for an older one
      { path: 'agreement/:kind/:version?', id: 'agreement', loader: agreementLoader, ...page(agreementPage) },
      ...['contact', 'guide', 'license'].map((name) => ({
        path: name,
        ...page(() => import('../features/content/pages/static-page')),
      })),
      { path: 'require', ...page(() => import('../features/orders/pages/require-page')) },
      // the public register of sealed documents: the QR code on every sealed PDF points here
      { path: 'verify/:no?', ...page(() => import('../features/orders/pages/verify-page')) },
      // PAY_RESULT_PATH: where the payment gateways send the browser back (an online payment's result, asked of the server)
      { path: 'pay/result', loader: requireLogin, ...page(() => import('../features/payments/pages/pay-result-page')) },
      { path: 'wx/confirm', ...page(() => import('../features/accounts/pages/wx-confirm-page')) },
      // a member's raw data shared with a co-author, opened without an account
      { path: 'vault/share/:token', ...page(() => import('../features/vault/pages/share-page')) },
      { path: '*', ...page(() => import('../pages/not-found-page')) },
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | null = null;

/**
 * The browser's router; on a page the server drew, created to hydrate it from the server's
 * `hydrationData` (its loaders ran there: they do not run again).
 */
export function createAppRouter(hydrationData?: HydrationState) {
  router = createBrowserRouter(routes, { patchRoutesOnNavigation: patchAdminScreens, ...(hydrationData ? { hydrationData } : {}) });
  return router;
}
