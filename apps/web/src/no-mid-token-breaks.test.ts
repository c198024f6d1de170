import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Dates, order and sample codes and amounts are single tokens: a member never reads
 * `2 / 026-12-08` or `KY…-1 / -1` across two lines (issue 31). `word-break: break-all` breaks
 * between any two characters even where the token would fit on the next line; the member-facing
 * styles use `overflow-wrap: anywhere` (breaks a token only when it cannot fit at all), and the
 * tokens themselves are `white-space: nowrap` (<time>, .nowrap, a sample code). Staff screens
 * (admin-*, the audit log, labels) are not a member's and keep their own rules.
 */
const src = dirname(fileURLToPath(import.meta.url));

function styles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return /^admin-|^views$/.test(entry.name) ? [] : styles(path);
    return entry.name.endsWith('.css') && !entry.name.startsWith('admin-') ? [path] : [];
  });
}

const rule = (css: string, selector: string) => new RegExp(`(^|\\n)${selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\{([^}]*)\\}`).exec(css)?.[2] ?? '';

describe('no token broken mid-way on member pages', () => {
  it('no member-facing style breaks words anywhere (word-break: break-all)', () => {
    const found = styles(src).filter((file) => /word-break:\s*break-all/.test(readFileSync(file, 'utf8'))).map((file) => relative(src, file));
    expect(found).toEqual([]);
  });

  it('dates (<time>, .nowrap) and sample codes never wrap inside', () => {
    const global = readFileSync(join(src, 'styles/global.css'), 'utf8');
    expect(rule(global, 'time')).toMatch(/white-space:\s*nowrap/);
    expect(rule(global, '.nowrap')).toMatch(/white-space:\s*nowrap/);
    const orders = readFileSync(join(src, 'features/orders/components/orders.css'), 'utf8');
    expect(rule(orders, '.ord-sample-code')).toMatch(/white-space:\s*nowrap/);
    expect(orders).not.toMatch(/\.ord-sample-code\s*\{[^}]*overflow-wrap:\s*anywhere/);
  });
});
