import { useSyncExternalStore } from 'react';

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

const initial: LoginPanelState = { open: false, view: 'sign', intended: null, inviterCode: null, account: null };
let state: LoginPanelState = initial;
const listeners = new Set<() => void>();

function set(next: Partial<LoginPanelState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const loginPanel = {
  get: () => state,
  open: (options: Partial<Omit<LoginPanelState, 'open'>> = {}) => set({ view: 'sign', ...options, open: true }),
  show: (view: LoginView, extra: Partial<Pick<LoginPanelState, 'account'>> = {}) => set({ view, ...extra, open: true }),
  close: () => set({ open: false, intended: null, account: null }),
  /** tests */
  reset: () => set(initial),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useLoginPanel(): LoginPanelState {
  return useSyncExternalStore(loginPanel.subscribe, loginPanel.get, loginPanel.get);
}
