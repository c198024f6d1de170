import { defineStore } from './store';

/**
 * The 资料认证 (profile verification) dialog: opened after an SMS login when the member has
 * no address on file, because without basic information they cannot order normally.
 */
const store = defineStore<{ open: boolean }>(() => ({ open: false }));

export const attestationDialog = {
  isOpen: () => store.getState().open,
  open: () => store.setState({ open: true }),
  close: () => store.setState({ open: false }),
};

export const useAttestationOpen = (): boolean => store((state) => state.open);
