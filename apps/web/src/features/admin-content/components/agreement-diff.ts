import { diffArrays } from 'diff';

/** One block of an agreement as the diff reads it: a heading, a paragraph, a list item or a table row. */
export interface AgreementLine {
  kind: 'heading' | 'text' | 'row';
  text: string;
}

export interface DiffLine extends AgreementLine {
  change: 'same' | 'added' | 'removed';
}

const BLOCKS = 'h1,h2,h3,h4,h5,h6,p,li,tr,blockquote';

/**
 * An agreement's HTML as lines: each heading, paragraph and list item, and each table row with
 * its cells joined by " | " — so a table flattened into a paragraph shows as rows removed and a
 * paragraph added, and a heading turned into text as a heading removed.
 */
export function agreementLines(html: string): AgreementLine[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const lines: AgreementLine[] = [];
  for (const element of Array.from(doc.body.querySelectorAll(BLOCKS))) {
    const tag = element.tagName.toLowerCase();
    if (tag !== 'tr' && element.closest('tr')) continue; // a cell's paragraphs are the row's
    if (tag !== 'tr' && element.querySelector(BLOCKS)) continue; // a list item holding paragraphs: they speak for it
    const text = tag === 'tr' ? Array.from(element.children, (cell) => (cell.textContent ?? '').trim()).join(' | ') : (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!text) continue;
    lines.push({ kind: /^h[1-6]$/.test(tag) ? 'heading' : tag === 'tr' ? 'row' : 'text', text });
  }
  return lines;
}

/** The lines of the version in force against the new text's, in order, each kept, added or removed. */
export function diffAgreements(before: string, after: string): DiffLine[] {
  const key = (line: AgreementLine) => `${line.kind}\u0000${line.text}`;
  const old = agreementLines(before);
  const next = agreementLines(after);
  const parts = diffArrays(old.map(key), next.map(key));
  const result: DiffLine[] = [];
  for (const part of parts) {
    const change = part.added ? 'added' : part.removed ? 'removed' : 'same';
    for (const value of part.value) {
      const [kind, text] = value.split('\u0000') as [AgreementLine['kind'], string];
      result.push({ kind, text, change });
    }
  }
  return result;
}
