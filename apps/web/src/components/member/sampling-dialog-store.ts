import { defineStore } from '../../lib/store';

/** The home sampling dialog (上门取样): one for the whole site, opened from the side bar or /member/sample. */
const store = defineStore<{ open: boolean }>(() => ({ open: false }));

export const samplingDialog = {
  isOpen: () => store.getState().open,
  open: () => store.setState({ open: true }),
  close: () => store.setState({ open: false }),
};

export const useSamplingDialogOpen = (): boolean => store((state) => state.open);
