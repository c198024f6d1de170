import { App, Button, Segmented, Space, type TableColumnsType } from 'antd';
import type { z } from 'zod';
import { useReasonPrompt } from '../../../components/admin/reason-prompt';
import { feedback } from '../../../lib/feedback';
import { settled } from '../../../lib/use-api-mutation';
import { useDecision } from '../api/decide';
import { reviewFilterOptions } from './labels';

interface ReviewActions<T, A, R> {
  /** 通过 after a question (left out where approving needs a dialog of its own) */
  approve?: { call: (args: A) => Promise<unknown>; args: (row: T) => A; question: (row: T) => { title: string; content: string }; done: string };
  /** 驳回 with the reason the applicant reads, checked in the dialog with the contract's rule for it when given */
  refuse: { call: (args: R) => Promise<unknown>; args: (row: T, reason: string) => R; reason?: z.ZodType<string | undefined>; prompt: (row: T) => { title: string; placeholder: string }; done: string };
}

const nothing = async () => undefined;

/** A review queue's 通过 (after a question) and 驳回 (with a reason), each saying what happened. */
export function useReviewActions<T, A, R>({ approve, refuse }: ReviewActions<T, A, R>) {
  const approval = useDecision<A, unknown>(approve?.call ?? nothing);
  const refusal = useDecision(refuse.call);
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
