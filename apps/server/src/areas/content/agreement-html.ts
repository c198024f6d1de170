import sanitizeHtml from 'sanitize-html';

/** What an agreement may contain: headings, paragraphs, lists, tables, links — no scripts or styles. */
export function cleanAgreementHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2'],
    allowedAttributes: { a: ['href', 'name', 'target', 'rel'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  }).trim();
}
