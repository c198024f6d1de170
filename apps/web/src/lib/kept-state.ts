import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/**
 * State of a page built without antd that must outlive antd's arrival. The first dialog,
 * toast or login panel loads antd's providers, and the tree mounts again beneath them
 * (lib/antd-loader): a visitor who chose options, clicked 加入实验计划 and logged in would find
 * the first choices back, and a 已加入 notice would vanish with the toast that came with it.
 * Kept per history entry (the router's location key), so going back to a page finds it as it
 * was left and a new visit starts afresh. Nothing is written while rendering, so a server
 * render shares nothing between requests.
 */
type Box = { value: unknown };

const boxes = new Map<string, Box>();
const listeners = new Map<string, Set<() => void>>();
/** enough for the pages of one visit; the oldest entries go first */
const KEPT_SLOTS = 100;

function write(slot: string, value: unknown) {
  boxes.delete(slot);
  boxes.set(slot, { value });
  for (const old of boxes.keys()) {
    if (boxes.size <= KEPT_SLOTS) break;
    boxes.delete(old);
  }
  listeners.get(slot)?.forEach((listener) => listener());
}

function subscribeTo(slot: string) {
  return (listener: () => void) => {
    const set = listeners.get(slot) ?? new Set();
    set.add(listener);
    listeners.set(slot, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) listeners.delete(slot);
    };
  };
}

export type KeptSetter<T> = (next: T | ((current: T) => T)) => void;

/** useState that survives the remount antd's providers cause; `name` must be unique on the page. */
export function useKeptState<T>(name: string, initial: T | (() => T)): [T, KeptSetter<T>] {
  const { key } = useLocation();
  const slot = `${key}\u0000${name}`;
  const [fallback] = useState(initial);
  const subscribe = useMemo(() => subscribeTo(slot), [slot]);
  const box = useSyncExternalStore(
    subscribe,
    () => boxes.get(slot),
    () => undefined,
  );
  const value = box ? (box.value as T) : fallback;
  const set = useCallback<KeptSetter<T>>(
    (next) => {
      const current = boxes.has(slot) ? (boxes.get(slot)!.value as T) : fallback;
      const value = typeof next === 'function' ? (next as (current: T) => T)(current) : next;
      if (!Object.is(value, current)) write(slot, value);
    },
    [slot, fallback],
  );
  return [value, set];
}

/** tests */
export function forgetKeptState() {
  boxes.clear();
}
