import { limitText, type ApprovalKind } from '@lab/contract';
import { useStaffMe } from '../../lib/admin-api';
import { useLimits } from '../../api/approvals/limits';

/**
 * The signed-in person's own limit for a kind, in a sentence for the screens that book value
 * (coupons, adjustments): above it the action is filed for a colleague's approval. Nothing
 * while the limits load, or for a role without a limit.
 */
export function OwnLimitHint({ kind, what }: { kind: ApprovalKind; what: string }) {
  const me = useStaffMe();
  const limits = useLimits();
  const limit = limits.data?.find((l) => l.role === me.data?.role && l.kind === kind);
  if (!limit || limit.limitFen === null) return null;
  return (
    <span className="admin-muted" data-testid="own-limit">
      {limit.limitFen === 0 ? `${what}每一笔都需另一位同事审批。` : `您的单笔额度为 ${limitText(limit.limitFen)}，${what}超出时将提交审批，由另一位同事通过后生效。`}
    </span>
  );
}
