import type { AgreementKind, PageKey } from '@lab/contract';
import { adminKey } from '../../../lib/admin-api';

/** Every cached answer of the content screens lives under `all`: a change refreshes them together. */
export const contentKeys = {
  all: [...adminKey, 'content'] as const,
  banners: [...adminKey, 'content', 'banners'] as const,
  hotAreas: [...adminKey, 'content', 'hot-areas'] as const,
  partners: [...adminKey, 'content', 'partners'] as const,
  articles: (query: object) => [...adminKey, 'content', 'articles', query] as const,
  article: (rid: string) => [...adminKey, 'content', 'article', rid] as const,
  thanks: (query: object) => [...adminKey, 'content', 'thanks', query] as const,
  pages: [...adminKey, 'content', 'pages'] as const,
  page: (key: PageKey) => [...adminKey, 'content', 'page', key] as const,
  settings: [...adminKey, 'content', 'settings'] as const,
  agreements: (kind: AgreementKind) => [...adminKey, 'content', 'agreements', kind] as const,
};
