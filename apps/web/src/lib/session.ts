import { createStore, useStore } from 'zustand';
import type { LoginResult, RefreshResult } from '@lab/contract';
// the constant from its own file: '@lab/contract' itself would bring zod into the first script
import { REFRESH_WINDOW_SECONDS } from '@lab/contract/tokens';
import { onResetStores } from './store';

/**
 * Tokens kept in localStorage as the spec says ("stored locally"), mirrored in a zustand store
 * so components re-render when someone logs in or out (here or in another tab). The member's
 * tokens and the staff's (the back office) are two stores under two keys: one browser can hold both.
 */
export interface StoredSession {
  token: string;
  refreshToken: string;
  /** access-token expiry, seconds since epoch */
  expires: number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export type SessionStore = ReturnType<typeof createSessionStore>;

export function createSessionStore(key: string) {
  /** Things other than the tokens that must go on logout (user, cart count, plan, messages). */
  const clearHooks = new Set<() => void>();

  function readStorage(): StoredSession | null {
    // no browser, no stored session: the server's build of the app (entry-server) makes this store
    // too, and on Node 25+ a mere look at localStorage prints an ExperimentalWarning (no --localstorage-file)
    if (typeof window === 'undefined') return null;
    try {
      const raw = localStorage.getItem(key);
      const parsed = raw ? (JSON.parse(raw) as StoredSession) : null;
      return parsed && typeof parsed.token === 'string' && typeof parsed.expires === 'number' ? parsed : null;
    } catch {
      return null;
    }
  }

  // first state null: what the server draws with (nobody logged in) and what a hydrating page
  // starts from (zustand's server snapshot); the stored tokens come in right after
  const store = createStore<{ session: StoredSession | null }>(() => ({ session: null }));
  store.setState({ session: readStorage() });

  const read = () => store.getState().session;

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== key && event.key !== null) return;
      // another tab logged in or out
      const session = readStorage();
      if (session === null) for (const hook of clearHooks) hook();
      store.setState({ session });
    });
  }

  function getSession(): StoredSession | null {
    return read();
  }

  /**
   * A usable token is stored. An expired one is cleared on the spot (spec: an expired token
   * clears token, user, cart count, plan and messages; the member logs in again).
   */
  function hasToken(): boolean {
    const session = read();
    if (!session) return false;
    if (session.expires <= nowSeconds()) {
      clearSession();
      return false;
    }
    return true;
  }

  function saveSession(login: LoginResult) {
    const session = { token: login.token, refreshToken: login.refreshToken, expires: login.expires };
    localStorage.setItem(key, JSON.stringify(session));
    store.setState({ session });
  }

  /** Clears the token and everything cached for that person. */
  function clearSession() {
    localStorage.removeItem(key);
    for (const hook of clearHooks) hook();
    store.setState({ session: null });
  }
  onResetStores(clearSession);

  function onSessionCleared(hook: () => void) {
    clearHooks.add(hook);
    return () => clearHooks.delete(hook);
  }

  function useSession(): StoredSession | null {
    return useStore(store, (state) => state.session);
  }

  let refreshing: Promise<void> | null = null;

  /**
   * Before each call: an expired token clears the session; one with under an hour left is
   * refreshed first, one refresh at a time however many calls are waiting.
   *
   * `refresh` answers the new tokens, null when the server refused the refresh token (the
   * session is over), or throws on a network failure: then the current token, still valid
   * for up to an hour, is kept and the next call tries again.
   */
  async function ensureFreshToken(refresh: (refreshToken: string) => Promise<RefreshResult | null>) {
    const session = read();
    if (!session) return;
    const left = session.expires - nowSeconds();
    if (left <= 0) {
      clearSession();
      return;
    }
    if (left >= REFRESH_WINDOW_SECONDS) return;
    refreshing ??= (async () => {
      try {
        const next = await refresh(session.refreshToken);
        // a logout while the refresh was on its way wins
        if (read()?.refreshToken !== session.refreshToken) return;
        if (next) saveSession({ token: next.token, refreshToken: next.refresh_token, expires: next.expires_at });
        else clearSession();
      } catch {
        // network trouble: keep the token that still works
      } finally {
        refreshing = null;
      }
    })();
    await refreshing;
  }

  return { getSession, hasToken, saveSession, clearSession, onSessionCleared, useSession, ensureFreshToken };
}

/** The member's session (the shop and the member area). */
// index.html reads this key too, to keep a member's header from flashing logged out
export const memberSession = createSessionStore('lab.session');
export const { getSession, hasToken, saveSession, clearSession, onSessionCleared, useSession, ensureFreshToken } = memberSession;
