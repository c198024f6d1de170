import { createContext, useContext } from 'react';

/**
 * Whether the person logged in may open a back-office screen (`'orders'`, `'finance/invoices?…'`).
 * The admin layout knows the screen table and the role and provides the answer; a feature asks
 * here rather than importing the table, which lists (and lazily loads) every feature's pages.
 * Outside the layout nothing may be opened.
 */
const ScreenAccess = createContext<(to: string) => boolean>(() => false);

export const ScreenAccessProvider = ScreenAccess.Provider;

export const useCanOpenScreen = () => useContext(ScreenAccess);
