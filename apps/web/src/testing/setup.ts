import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearSession } from '../lib/session';
import { staffSession } from '../lib/admin-api';
import { loginPanel } from '../lib/login-panel';
import { attestationDialog } from '../lib/attestation';
import { resetCooldowns } from '../features/auth/use-cooldown';
import { createElement } from 'react';
import { forgetFeedbackForTests, wrapFeedbackHostForTests } from '../lib/feedback';
import { TestStyles } from './render';

// antd forms in jsdom on a busy 2-core CI machine can take more than the default 1 s to show
// a validation message; a wait that finds it later is still a pass, a missing message still fails.
configure({ asyncUtilTimeout: 5_000 });

// the toasts and alerts of lib/feedback, like everything else rendered here, without antd's styles inserted
wrapFeedbackHostForTests((app) => createElement(TestStyles, null, app));

afterEach(async () => {
  cleanup();
  await forgetFeedbackForTests();
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
