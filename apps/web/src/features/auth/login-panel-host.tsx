import { lazy, Suspense } from 'react';
import { withAntd } from '../../lib/antd-loader';
import { useLoginPanel } from '../../lib/login-panel';
import { useAttestationOpen } from '../../lib/attestation';

const LoginPanel = lazy(() => withAntd(import('./login-panel')));
const AttestationDialog = lazy(() => withAntd(import('./attestation-dialog')));

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
