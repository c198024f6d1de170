/**
 * Drawn while a lazy page's code loads on the first visit: nothing (the server-drawn page or
 * the layout stays as it is). Said outright, so the router does not warn that it is missing.
 */
export const Nothing = () => null;

export type PageModule = () => Promise<{ default: React.ComponentType }>;

/**
 * A route whose component loads when it is first opened. A page, layout or dialog that uses
 * antd wraps itself in antd's providers (app/ant-scope), so its code brings antd with it and
 * the public pages, built without antd, load none of it.
 */
export const page = (load: PageModule) => ({
  HydrateFallback: Nothing,
  lazy: async () => ({ Component: (await load()).default }),
});
