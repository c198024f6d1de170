/** Parts of the site header (site-header.tsx): its search (search-suggest.tsx) and its links. */

export { openSearch, SEARCH_WINDOW, SearchForm } from './search-suggest';

export const mainLinks = [
  { to: '/about', label: '关于我们' },
  { to: '/televised', label: '能力展示' },
  { to: '/list/news', label: '新闻' },
  { to: '/list/course', label: '课程' },
  { to: '/contact', label: '联系我们' },
] as const;
