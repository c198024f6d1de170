import { expect, it, vi } from 'vitest';
import { createSessionStore } from './session';

/**
 * The server's build of the app (apps/web/dist-ssr, loaded at every server start) makes the
 * session stores as it loads. On Node 25+ a mere look at `globalThis.localStorage` prints
 * "ExperimentalWarning: localStorage is not available because --localstorage-file was not
 * provided" on the server's stderr: outside a browser the store must not look. (Here jsdom's
 * window is taken away for the test, and every look at localStorage counted.)
 */
it('a session store made outside a browser holds no session and never looks at localStorage', () => {
  const storage = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
  let looks = 0;
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    get() {
      looks += 1;
      return storage?.get?.call(globalThis) ?? storage?.value;
    },
  });
  vi.stubGlobal('window', undefined);
  try {
    const store = createSessionStore('lab.test-server');
    expect(store.getSession()).toBeNull();
    expect(store.hasToken()).toBe(false);
    expect(looks).toBe(0);
  } finally {
    vi.unstubAllGlobals();
    if (storage) Object.defineProperty(globalThis, 'localStorage', storage);
  }
});
