import type { QueryKey } from '@tanstack/react-query';
import { App, Button, Segmented, Space, type TableColumnsType } from 'antd';
import type { z } from 'zod';
import { feedback } from '../../lib/feedback';
import { settled } from '../../lib/use-api-mutation';
import { useReasonPrompt } from './reason-prompt';
import type { Tone } from './status-tag';
import { useQueueDecision } from './use-queue-decision';
import type { TableQuery } from './use-server-table';

/**
 * A review queue of the back office (资料认证, 社团, 推广合伙人, 论文致谢): its status words and
 * filter, and its 通过 / 驳回 actions, decided on the version on screen.
 */

/** pending → approved | refused, as partner and paper-award applications say it */
export const applicationLabels = { pending: '待审核', approved: '已通过', refused: '未通过' } as const;
export const applicationTones: Record<keyof typeof applicationLabels, Tone> = { pending: 'warning', approved: 'success', refused: 'error' };

/**
 * The status filter of a review queue. The queue opens on 待审核; 'all' stands for every status
 * in the URL (an empty value would fall back to the default) and is never sent to the server.
 */
export const reviewFilterOptions = [
  { value: 'pending', label: '待审核' },
  { value: 'approved', label: '已通过' },
  { value: 'refused', label: '未通过' },
  { value: 'all', label: '全部' },
];

/** A queue's table query with its status filter as the server takes it. */
export const withStatus = (query: TableQuery): TableQuery => ({ ...query, status: query.status === 'all' ? undefined : query.status });

interface ReviewActions<T, A, R> {
  /** what a decision (or a 409) refreshes: the area's queries */
  refresh: QueryKey;
  /** 通过 after a question (left out where approving needs a dialog of its own) */
  approve?: { call: (args: A) => Promise<unknown>; args: (row: T) => A; question: (row: T) => { title: string; content: string }; done: string };
  /** 驳回 with the reason the applicant reads, checked in the dialog with the contract's rule for it when given */
  refuse: { call: (args: R) => Promise<unknown>; args: (row: T, reason: string) => R; reason?: z.ZodType<string | undefined>; prompt: (row: T) => { title: string; placeholder: string }; done: string };
}

const nothing = async () => undefined;

/** A review queue's 通过 (after a question) and 驳回 (with a reason), each saying what happened. */
export function useReviewActions<T, A, R>({ refresh, approve, refuse }: ReviewActions<T, A, R>) {
  const approval = useQueueDecision<A, unknown>(refresh, approve?.call ?? nothing);
  const refusal = useQueueDecision(refresh, refuse.call);
  const prompt = useReasonPrompt();
  const { modal } = App.useApp();

  const onApprove = (row: T) => {
    if (!approve) return;
    modal.confirm({
      ...approve.question(row),
      okText: '通过',
      cancelText: '取消',
      onOk: () => settled(approval.mutateAsync(approve.args(row), { onSuccess: () => feedback.success(approve.done) })),
    });
  };

  const onRefuse = async (row: T) => {
    const reason = await prompt({ ...refuse.prompt(row), label: '驳回原因', required: true, okText: '驳回', danger: true, ...(refuse.reason ? { rule: refuse.reason } : {}) });
    if (reason === null) return;
    refusal.mutate(refuse.args(row, reason), { onSuccess: () => feedback.success(refuse.done) });
  };

  return { onApprove, onRefuse };
}

/** The 操作 column of a review queue: 通过 and 驳回 while the application waits, 已处理 once decided. */
export function reviewActionsColumn<T>({ pending, onApprove, onRefuse, width }: { pending: (row: T) => boolean; onApprove: (row: T) => void; onRefuse: (row: T) => unknown; width: number }): TableColumnsType<T>[number] {
  return {
    title: '操作',
    key: 'actions',
    fixed: 'right',
    width,
    render: (_, row) =>
      pending(row) ? (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onApprove(row)}>通过</Button>
          <Button type="link" size="small" danger onClick={() => void onRefuse(row)}>驳回</Button>
        </Space>
      ) : (
        <span className="admin-muted">已处理</span>
      ),
  };
}

/** The 审核状态 filter of a review queue (待审核 first). */
export function ReviewStatusFilter({ value, onChange }: { value: string; onChange: (status: string) => void }) {
  return <Segmented className="customers-segmented" value={value} options={reviewFilterOptions} onChange={(status) => onChange(String(status))} aria-label="审核状态" />;
}
