import { lazy, Suspense } from 'react';
import { useSamplingDialogOpen } from './sampling-dialog-store';

// brings antd with it and renders antd's providers around itself (app/ant-scope)
const SamplingDialog = lazy(() => import('./sampling-dialog'));

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
