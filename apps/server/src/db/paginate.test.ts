import { describe, expect, it } from 'vitest';
import { paginate } from './paginate';

/** A list of `size` numbers paged by paginate, counting how often the total was asked. */
async function pageOf(size: number, page: number, pageSize: number) {
  const all = Array.from({ length: size }, (_, i) => i + 1);
  let counted = 0;
  const result = await paginate(
    { page, pageSize },
    async ({ limit, offset }) => all.slice(offset, offset + limit),
    async () => {
      counted += 1;
      return all.length;
    },
    (rows) => rows.map((n) => `#${n}`),
  );
  return { ...result, counted };
}

describe('paginate', () => {
  it('answers a page with its items and the total over all pages', async () => {
    expect(await pageOf(45, 2, 20)).toEqual({ list: Array.from({ length: 20 }, (_, i) => `#${i + 21}`), total: 45, page: 2, pageSize: 20, counted: 1 });
  });

  it('skips the count when a short page tells the total by itself', async () => {
    expect(await pageOf(45, 3, 20)).toMatchObject({ total: 45, counted: 0, list: ['#41', '#42', '#43', '#44', '#45'] });
    expect(await pageOf(3, 1, 20)).toMatchObject({ total: 3, counted: 0 });
    expect(await pageOf(0, 1, 20)).toMatchObject({ total: 0, counted: 0, list: [] });
  });

  it('counts when the page is full or lies past the end', async () => {
    expect(await pageOf(40, 2, 20)).toMatchObject({ total: 40, counted: 1 });
    expect(await pageOf(40, 5, 20)).toMatchObject({ total: 40, counted: 1, list: [] });
  });
});
