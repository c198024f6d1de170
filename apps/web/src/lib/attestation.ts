import { useSyncExternalStore } from 'react';

/**
 * The 资料认证 (profile verification) dialog: opened after an SMS login when the member has
 * no address on file, because without basic information they cannot order normally.
 */
let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  open = next;
  for (const listener of listeners) listener();
}

export const attestationDialog = {
  isOpen: () => open,
  open: () => set(true),
  close: () => set(false),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useAttestationOpen(): boolean {
  return useSyncExternalStore(attestationDialog.subscribe, attestationDialog.isOpen, attestationDialog.isOpen);
}
