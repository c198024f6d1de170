import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearSession } from '../lib/session';
import { staffSession } from '../lib/admin-api';
import { loginPanel } from '../lib/login-panel';
import { attestationDialog } from '../lib/attestation';
import { resetCooldowns } from '../features/auth/use-cooldown';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  clearSession();
  staffSession.clearSession();
  localStorage.clear();
  loginPanel.reset();
  attestationDialog.close();
  resetCooldowns();
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
