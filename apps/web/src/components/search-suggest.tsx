import { useDeferredValue, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { DeviceSuggestion } from '@lab/contract';
import { useSuggestions } from '../features/catalog/api/catalog/suggest-devices';
import { SearchOutlined } from './icons';

/** Spec: search opens in a named window. */
export const SEARCH_WINDOW = 'labSearch';

export function openSearch(keyword: string) {
  window.open(`/search?kw=${encodeURIComponent(keyword.trim())}`, SEARCH_WINDOW);
}

const kindLabels: Record<DeviceSuggestion['kind'], string> = { technique: '技术', synonym: '相关词', item: '项目' };

/**
 * The header's search with suggestions as the user types (an ARIA combobox): techniques open
 * their list, items their page, a synonym searches for itself; ↑/↓ move, Enter picks, Esc
 * closes; every option is a tall row for a finger.
 */
export function SearchForm({ onDone, className = 'header-search' }: { onDone?: () => void; className?: string }) {
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const listId = useId();
  const typed = useDeferredValue(keyword.trim());
  const suggestions = useSuggestions(typed);
  const options = open && typed ? (suggestions.data ?? []) : [];

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (option: DeviceSuggestion) => {
    close();
    if (option.kind === 'item' && option.rid) void navigate(`/detail/${encodeURIComponent(option.rid)}`);
    else openSearch(option.text);
    onDone?.();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = options[active];
    if (chosen) return pick(chosen);
    close();
    openSearch(keyword);
    onDone?.();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && options.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Escape') close();
  };

  return (
    <form className={`${className} search-suggest`} role="search" aria-label="全站搜索" onSubmit={submit}>
      <input
        type="search"
        name="kw"
        role="combobox"
        aria-label="搜索检测项目"
        aria-autocomplete="list"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-activedescendant={active >= 0 && options[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder="搜索项目、仪器"
        maxLength={50}
        value={keyword}
        onChange={(event) => {
          setKeyword(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={close}
      />
      <button type="submit" aria-label="搜索">
        <SearchOutlined />
        <span>搜索</span>
      </button>
      <ul id={listId} role="listbox" aria-label="搜索联想" className="suggest-list" hidden={options.length === 0}>
        {options.map((option, index) => (
          <li
            key={`${option.kind}-${option.rid ?? option.childId ?? option.text}`}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'suggest-option active' : 'suggest-option'}
            // chosen before the field's blur closes the list
            onMouseDown={(event) => {
              event.preventDefault();
              pick(option);
            }}
          >
            <span className="suggest-kind">{kindLabels[option.kind]}</span>
            <span className="suggest-text">{option.text}</span>
          </li>
        ))}
      </ul>
    </form>
  );
}
