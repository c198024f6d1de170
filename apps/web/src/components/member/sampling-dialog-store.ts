import { useSyncExternalStore } from 'react';

/** The home sampling dialog (上门取样): one for the whole site, opened from the side bar or /member/sample. */
let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  open = next;
  for (const listener of listeners) listener();
}

export const samplingDialog = {
  isOpen: () => open,
  open: () => set(true),
  close: () => set(false),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useSamplingDialogOpen = () => useSyncExternalStore(samplingDialog.subscribe, samplingDialog.isOpen, samplingDialog.isOpen);
