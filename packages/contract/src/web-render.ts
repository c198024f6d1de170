// What the web's server build (apps/web/src/entry-server.tsx) offers the server, which loads it
// at start-up to send the public pages drawn (docs/architecture.md, "The first HTML").

/** One API call of a page being drawn on the server, answered in process, without any token. */
export interface RenderApiCall {
  method: 'GET' | 'POST';
  /** path and query, e.g. /api/open/web/index */
  url: string;
  /** a form body (application/x-www-form-urlencoded), as the web sends its calls */
  body?: string;
}

export interface RenderApiAnswer {
  status: number;
  body: string;
}

/** One chunk of the web build's .vite/manifest.json. */
export interface BuildManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

export interface WebRendererOptions {
  /** the built index.html */
  template: string;
  /** the build's .vite/manifest.json */
  manifest: Record<string, BuildManifestChunk>;
  api: (call: RenderApiCall) => Promise<RenderApiAnswer>;
}

/**
 * An address of the app, written as a route of the server (fastify's syntax: `:name` one
 * segment, a final `*` the rest): '/', '/detail/:rid', '/member/order', '/admin/*'.
 */
export interface WebAddress {
  path: string;
  /** the server draws the page here: the query parameters it reads; null: the bare shell */
  page: { query: readonly string[] } | null;
}

export interface WebRenderer {
  /**
   * Every address the app has a page for (the back office's screens as one '/admin/*'): the
   * server answers each as a route of its own, and only an address none of them knows with
   * its not-found page (404).
   */
  addresses: readonly WebAddress[];
  /**
   * The address the page at `url` (path and query) is drawn and kept under: its path and the
   * query parameters the page reads, in a fixed order; null when the server does not draw it.
   * A route match, no I/O.
   */
  pageUrl(url: string): string | null;
  /**
   * The whole HTML of the page at `url` (path and query), or null when the server does not
   * draw that page (anything but the public pages, or their data failed): the bare shell then.
   */
  render(url: string): Promise<string | null>;
  /**
   * When no page lives at `url` (path and query) — the app would show its not-found page — the
   * bare shell titled for that page, which the server sends with status 404; null otherwise.
   * A route match, no I/O.
   */
  notFoundPage(url: string): string | null;
}

export type CreateWebRenderer = (options: WebRendererOptions) => WebRenderer;
