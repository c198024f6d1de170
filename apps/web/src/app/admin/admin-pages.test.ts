import { describe, expect, it } from 'vitest';
import { adminPages } from './admin-pages';
import { adminScreens } from './admin-routes';

describe('the back office screens', () => {
  it('has a page for every screen of the menu and a screen (title, roles) for every page', () => {
    expect(Object.keys(adminPages).sort()).toEqual(adminScreens.map((screen) => screen.path).sort());
    for (const screen of adminScreens) expect(Boolean(adminPages[screen.path]?.bare), screen.path).toBe(Boolean(screen.bare));
  });
});
