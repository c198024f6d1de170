import { defineStore } from './store';

/**
 * The full-screen login panel's four views (spec):
 * - sign: the tabbed login (密码登录 / 短信登录 / 微信扫码登录)
 * - log: password login on its own, where registration and password reset lead
 * - reg: registration
 * - reset: password reset
 */
export type LoginView = 'sign' | 'log' | 'reg' | 'reset';

export interface LoginPanelState {
  open: boolean;
  view: LoginView;
  /** where to go after a successful login (a guarded route the visitor tried) */
  intended: string | null;
  /** an invite code from /invited/{code}, used on registration */
  inviterCode: string | null;
  /** the phone just registered or reset, prefilled in the login view */
  account: string | null;
}

const store = defineStore<LoginPanelState>(() => ({ open: false, view: 'sign', intended: null, inviterCode: null, account: null }));

export const loginPanel = {
  get: () => store.getState(),
  open: (options: Partial<Omit<LoginPanelState, 'open'>> = {}) => store.setState({ view: 'sign', ...options, open: true }),
  show: (view: LoginView, extra: Partial<Pick<LoginPanelState, 'account'>> = {}) => store.setState({ view, ...extra, open: true }),
  close: () => store.setState({ open: false, intended: null, account: null }),
};

export function useLoginPanel(): LoginPanelState {
  return store();
}
