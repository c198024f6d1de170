import { isFixedKind, limitText, type ApprovalKind, type ApprovalLimit } from '@lab/contract';
import { useStaffMe } from '../../lib/admin-api';
import { useLimits } from '../../features/admin-approvals/api/approvals/limits';

/** The periods of a limit in words: 每日合计 ¥5,000.00，每月合计 ¥20,000.00，同一客户每月 ¥2,000.00 (only the bounded ones). */
export function periodText(limit: Pick<ApprovalLimit, 'kind' | 'dayLimitFen' | 'monthLimitFen' | 'targetLimitFen'>): string {
  const parts = [
    limit.dayLimitFen === null ? null : `每日合计 ${limitText(limit.dayLimitFen, limit.kind)}`,
    limit.monthLimitFen === null ? null : `每月合计 ${limitText(limit.monthLimitFen, limit.kind)}`,
    limit.targetLimitFen === null ? null : `同一客户每月 ${limitText(limit.targetLimitFen, limit.kind)}`,
  ].filter(Boolean);
  return parts.join('，');
}

/**
 * The signed-in person's own limits for a kind, in a sentence for the screens that book value
 * (coupons, adjustments, top-ups, credit, points, the bonus tiers): above any of them — one
 * action, what they booked alone today or this month, or this month for the same customer — the
 * action is filed for a colleague's approval. Nothing while the limits load, or for a role
 * without any limit.
 */
export function OwnLimitHint({ kind, what }: { kind: ApprovalKind; what: string }) {
  const me = useStaffMe();
  const limits = useLimits();
  if (isFixedKind(kind)) {
    return (
      <span className="admin-muted" data-testid="own-limit">
        {`${what}：提高任何一笔的赠送都须另一位同事审批后生效；降低或取消赠送立即生效。`}
      </span>
    );
  }
  const limit = limits.data?.find((l) => l.role === me.data?.role && l.kind === kind);
  if (!limit) return null;
  const periods = periodText(limit);
  if (limit.limitFen === 0) return <span className="admin-muted" data-testid="own-limit">{`${what}每一笔都需另一位同事审批。`}</span>;
  if (limit.limitFen === null && !periods) return null;
  const single = limit.limitFen === null ? '' : `您的单笔额度为 ${limitText(limit.limitFen, kind)}`;
  const sentence = [single, periods ? `独立办理${periods}` : ''].filter(Boolean).join('，');
  return <span className="admin-muted" data-testid="own-limit">{`${sentence}；${what}超出时将提交审批，由另一位同事通过后生效。`}</span>;
}
