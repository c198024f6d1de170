import type { AgreementKind } from '@lab/contract';

/** The agreements' pages (public, the same for everyone) and the member's consents. */
export const agreementKeys = {
  text: (kind: AgreementKind, version: number | undefined) => ['agreements', kind, version ?? 'current'] as const,
  versions: (kind: AgreementKind) => ['agreements', kind, 'versions'] as const,
  mine: ['member', 'consents'] as const,
};
