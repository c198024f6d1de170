import { describe, expect, it } from 'vitest';
import { moveItem } from './ordered-list';

describe('moveItem (the order the up/down buttons send)', () => {
  it('swaps a row with its neighbour, leaving the list it was given alone', () => {
    const list = [1, 2, 3, 4];
    expect(moveItem(list, 1, -1)).toEqual([2, 1, 3, 4]);
    expect(moveItem(list, 1, 1)).toEqual([1, 3, 2, 4]);
    expect(list).toEqual([1, 2, 3, 4]);
  });

  it('keeps the order when the first moves up, the last moves down, or the row is not there', () => {
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 5, -1)).toEqual([1, 2, 3]);
  });
});
