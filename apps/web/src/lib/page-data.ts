import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';

/**
 * What a server-drawn page's module exports as `ensurePageData` (docs/web.md, "A public page's
 * data"): the queries it reads, ensured in `client` with the same queryOptions its components
 * use; app/public-loaders.ts calls it from the route's loader. A failure rejects.
 */
export type EnsurePageData = (client: QueryClient, args: LoaderFunctionArgs) => Promise<unknown>;
