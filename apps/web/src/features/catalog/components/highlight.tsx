import { Fragment } from 'react';

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Marks every occurrence of the keyword's words (case-insensitive) with <mark>; `words` are the
 * ones the search matched with (its synonyms included: 扫描电镜 marks SEM too).
 */
export function Highlight({ text, keyword, words: matched = [] }: { text: string; keyword: string | undefined; words?: readonly string[] | undefined }) {
  const words = [
    ...new Set([
      ...(keyword ?? '')
        .trim()
        .split(/\s+/)
        .filter(Boolean),
      ...matched.filter((w) => w.trim()),
    ]),
  ].sort((a, b) => b.length - a.length);
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
