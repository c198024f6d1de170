import { useState, type FormEvent } from 'react';
import { SearchOutlined } from './icons';

/** Parts of the site header (site-header.tsx): its search and its links. */

/** Spec: search opens in a named window. */
export const SEARCH_WINDOW = 'labSearch';

export function openSearch(keyword: string) {
  window.open(`/search?kw=${encodeURIComponent(keyword.trim())}`, SEARCH_WINDOW);
}

export const mainLinks = [
  { to: '/about', label: '关于我们' },
  { to: '/televised', label: '能力展示' },
  { to: '/list/news', label: '新闻' },
  { to: '/list/course', label: '课程' },
  { to: '/contact', label: '联系我们' },
] as const;

export function SearchForm({ onDone }: { onDone?: () => void }) {
  const [keyword, setKeyword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    openSearch(keyword);
    onDone?.();
  };
  return (
    <form className="header-search" role="search" aria-label="全站搜索" onSubmit={submit}>
      <input
        type="search"
        name="kw"
        aria-label="搜索检测项目"
        placeholder="搜索项目、仪器"
        maxLength={50}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
      />
      <button type="submit" aria-label="搜索">
        <SearchOutlined />
        <span>搜索</span>
      </button>
    </form>
  );
}
