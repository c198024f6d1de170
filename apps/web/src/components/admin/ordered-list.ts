/**
 * The list with one entry moved one place up (-1) or down (+1); the same list when it cannot
 * move (first up, last down). The screens send the whole new order to the server.
 */
export function moveItem<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
