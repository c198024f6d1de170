import { Fragment } from 'react';

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Marks every occurrence of the keyword's words (case-insensitive) with <mark>. */
export function Highlight({ text, keyword }: { text: string; keyword: string | undefined }) {
  const words = (keyword ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  if (!text || words.length === 0) return <>{text}</>;
  const pattern = new RegExp(`(${words.map(escape).join('|')})`, 'gi');
  const parts = text.split(pattern);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <mark key={index} className="cat-mark">
            {part}
          </mark>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
