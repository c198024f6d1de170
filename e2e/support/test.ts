import { expect, test as base } from '@playwright/test';

/**
 * Playwright's test with one change: after `page.goto`, a page the server drew (home, service
 * list, item detail) is waited on until the app has taken it over. Such a page is on screen,
 * links and all, before its script runs (apps/web/src/start-after-paint.ts), and a click on a
 * button that only the app handles would go nowhere. The app removes the server's data block
 * once it has hydrated the page (apps/web/src/main.tsx); the bare shell has none.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.waitForFunction(() => document.getElementById('server-state') === null);
      return response;
    };
    await use(page);
  },
});

export { expect };
