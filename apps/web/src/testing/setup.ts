import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearSession } from '../lib/session';
import { staffSession } from '../lib/admin-api';
import { loginPanel } from '../lib/login-panel';
import { attestationDialog } from '../lib/attestation';
import { resetCooldowns } from '../lib/use-cooldown';
import { forgetKeptState } from '../lib/kept-state';
import { forgetAntdForTests } from '../lib/antd-loader';

// antd forms in jsdom on a busy 2-core CI machine can take more than the default 1 s to show
// a validation message; a wait that finds it later is still a pass, a missing message still fails.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  clearSession();
  staffSession.clearSession();
  localStorage.clear();
  loginPanel.reset();
  attestationDialog.close();
  resetCooldowns();
  forgetKeptState();
  forgetAntdForTests();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// antd reads these, and jsdom has neither.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.scrollTo = () => undefined;
