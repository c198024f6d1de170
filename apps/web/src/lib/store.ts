import { create, type StateCreator } from 'zustand';

/**
 * State that outlives a component (the login panel, the site-wide dialogs, the send-code
 * countdowns) lives in a zustand store made with `defineStore`: zustand's `create`, and the store
 * is noted so that `resetStores()` can put it back to its first state. Components read it with the
 * hook (`useLoginPanel()`, or `store(selector)`); code outside React calls the store's actions.
 *
 *   const useDrawer = defineStore<{ open: boolean }>(() => ({ open: false }));
 *   export const drawer = { open: () => useDrawer.setState({ open: true }), isOpen: () => useDrawer.getState().open };
 *   export const useDrawerOpen = () => useDrawer((s) => s.open);
 *
 * State kept somewhere else (the sessions' tokens in localStorage) registers its own reset with
 * `onResetStores`, so the tests' one `resetStores()` between tests forgets everything.
 */
const resets = new Set<() => void>();

export function defineStore<T>(initializer: StateCreator<T>) {
  const store = create<T>()(initializer);
  resets.add(() => store.setState(store.getInitialState(), true));
  return store;
}

/** For state a zustand store does not hold: how to forget it. */
export function onResetStores(reset: () => void) {
  resets.add(reset);
}

/** Every store back to its first state (testing/setup.ts, after each test). */
export function resetStores() {
  for (const reset of resets) reset();
}
