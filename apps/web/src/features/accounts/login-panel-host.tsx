import { lazy, Suspense } from 'react';
import { useLoginPanel } from '../../lib/login-panel';
import { useAttestationOpen } from '../../lib/attestation';

// Each brings antd with it and renders antd's providers around itself (app/ant-scope).
const LoginPanel = lazy(() => import('./login-panel'));
const AttestationDialog = lazy(() => import('./attestation-dialog'));

/** Mounted by the site layout; the panel's code loads only when someone opens it. */
export function LoginPanelHost() {
  const { open } = useLoginPanel();
  if (!open) return null;
  return (
    <Suspense fallback={<div className="login-overlay" aria-busy="true" />}>
      <LoginPanel />
    </Suspense>
  );
}

export function AttestationHost() {
  const open = useAttestationOpen();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <AttestationDialog />
    </Suspense>
  );
}
