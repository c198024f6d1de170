import { useMemo } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { isApprovalFiled } from '@lab/contract';
import { feedback } from '../../lib/feedback';
import { approvalKeys } from '../../api/admin-query-keys';

/**
 * After a coupon, a cancellation or an adjustment: the server either did it (a toast with
 * `done`) or filed it for a second person's approval — then a dialog says so in the server's
 * own sentence, so nobody mistakes a request for a booking. Answers whether it was filed.
 */
export function useGatedFeedback() {
  const { modal } = App.useApp();
  const client = useQueryClient();
  return useMemo(
    () => (result: unknown, done: string): boolean => {
      if (!isApprovalFiled(result)) {
        feedback.success(done);
        return false;
      }
      void client.invalidateQueries({ queryKey: approvalKeys.all });
      modal.info({ title: '已提交审批', content: `${result.message}。可在「待审批」的「我提交的」中查看进度。`, okText: '知道了' });
      return true;
    },
    [client, modal],
  );
}
