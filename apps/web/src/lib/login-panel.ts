import { useSyncExternalStore } from 'react';

/** The full-screen login panel's four views (spec). */
export type LoginView = 'sign' | 'log' | 'reg' | 'reset';

export interface LoginPanelState {
  open: boolean;
  view: LoginView;
  /** where to go after a successful login (a guarded route the visitor tried) */
  intended: string | null;
  /** an invite code from /invited/{code}, used on registration */
  inviterCode: string | null;
}

let state: LoginPanelState = { open: false, view: 'sign', intended: null, inviterCode: null };
const listeners = new Set<() => void>();

function set(next: Partial<LoginPanelState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const loginPanel = {
  get: () => state,
  open: (options: Partial<Omit<LoginPanelState, 'open'>> = {}) => set({ view: 'sign', ...options, open: true }),
  show: (view: LoginView) => set({ view }),
  close: () => set({ open: false, intended: null }),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useLoginPanel(): LoginPanelState {
  return useSyncExternalStore(loginPanel.subscribe, loginPanel.get, loginPanel.get);
}
