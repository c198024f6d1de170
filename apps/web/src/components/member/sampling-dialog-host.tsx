import { lazy, Suspense } from 'react';
import { withAntd } from '../../lib/antd-loader';
import { useSamplingDialogOpen } from './sampling-dialog-store';

const SamplingDialog = lazy(() => withAntd(import('./sampling-dialog')));

/** Mounted by the side bar; the dialog's code (form, date picker, regions) loads when it opens. */
export function SamplingDialogHost() {
  const open = useSamplingDialogOpen();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SamplingDialog />
    </Suspense>
  );
}
