import { describe, expect, it } from 'vitest';
import { dueText } from './risk-list';

const now = new Date('2026-11-19T02:00:00.000Z');
const at = (minutesFromNow: number) => new Date(now.getTime() + minutesFromNow * 60_000).toISOString();

describe('dueText: a promise deadline read at a glance', () => {
  it.each([
    [25, '25分钟后到期'],
    [90, '1小时30分钟后到期'],
    [0, '已超时1分钟'],
    [-45, '已超时45分钟'],
    [-150, '已超时2小时'],
    [-(2 * 24 * 60 + 5 * 60), '已超时2天5小时'],
    [-(3 * 24 * 60), '已超时3天'],
  ])('%i minutes → %s', (minutes, text) => {
    expect(dueText(at(minutes), now)).toBe(text);
  });
});
