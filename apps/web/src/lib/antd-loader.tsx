import { useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import type { App } from 'antd';

/**
 * antd (with its CSS-in-JS engine) is most of the site's script, and the public pages do
 * without it. So the app starts without antd's providers, and they load the first time
 * something needs them: a route whose page uses antd (the router waits for them before it
 * renders that page), a dialog, a toast. From then on the whole tree sits inside them, as it
 * did when they were loaded up front. Switching remounts the tree once; it happens on a
 * navigation or when a dialog opens, never while someone types.
 */
export type AntdApi = ReturnType<typeof App.useApp>;
type Scope = ComponentType<{ children: ReactNode }>;

let scope: Scope | null = null;
let api: AntdApi | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();
const apiWaiters: ((api: AntdApi) => void)[] = [];

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Loads antd's providers (once) and puts the app inside them; resolves when they are in place to render. */
export function loadAntd(): Promise<void> {
  loading ??= import('../app/ant-scope')
    .then((module) => {
      scope = module.AntScope;
      listeners.forEach((listener) => listener());
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/**
 * Fetches antd's providers without putting them in place (that would remount the page): for
 * a button about to need them, so the login panel or the toast after the click comes sooner.
 */
export function prefetchAntd(): void {
  void import('../app/ant-scope').catch(() => undefined);
}

/** A lazily loaded module that uses antd, with antd's providers in place before it renders. */
export async function withAntd<T>(module: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([module, loadAntd()]);
  return loaded;
}

/** The message / modal / notification API of the site-wide antd App, once it is mounted. */
export function antdApi(): Promise<AntdApi> {
  if (api) return Promise.resolve(api);
  return new Promise<AntdApi>((resolve, reject) => {
    apiWaiters.push(resolve);
    loadAntd().catch(reject);
  });
}

/** Called by the antd App inside the scope when it mounts. */
export function provideAntdApi(next: AntdApi) {
  api = next;
  apiWaiters.splice(0).forEach((resolve) => resolve(next));
  return () => {
    if (api === next) api = null;
  };
}

/** tests (which share modules between files): antd's providers not in place again */
export function forgetAntdForTests() {
  scope = null;
  api = null;
  loading = null;
  apiWaiters.length = 0;
}

export function AntdBoundary({ children }: { children: ReactNode }) {
  const Scope = useSyncExternalStore(subscribe, () => scope);
  return Scope ? <Scope>{children}</Scope> : children;
}
