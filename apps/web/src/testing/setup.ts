import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { createElement } from 'react';
import { forgetFeedbackForTests, wrapFeedbackHostForTests } from '../lib/feedback';
import { TestStyles } from './render';
import { resetStores } from '../lib/store';

// antd forms in jsdom on a busy 2-core CI machine can take more than the default 1 s to show
// a validation message; a wait that finds it later is still a pass, a missing message still fails.
configure({ asyncUtilTimeout: 5_000 });

// the toasts and alerts of lib/feedback, like everything else rendered here, without antd's styles inserted
wrapFeedbackHostForTests((app) => createElement(TestStyles, null, app));

afterEach(async () => {
  cleanup();
  await forgetFeedbackForTests();
  document.body.innerHTML = '';
  // every store of lib/store.ts (the sessions, the login panel, the dialogs, the countdowns) as new
  resetStores();
  localStorage.clear();
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
