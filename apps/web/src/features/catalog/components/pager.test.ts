import { describe, expect, it } from 'vitest';
import { pageItems } from './pager';

describe('page numbers', () => {
  it('all of them up to seven pages', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('first, last, two either side of the current one, and gaps between', () => {
    expect(pageItems(1, 8)).toEqual([1, 2, 3, 4, 5, 'gap', 8]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });
});
