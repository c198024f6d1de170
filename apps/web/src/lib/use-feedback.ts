import { App } from 'antd';
import { useMemo } from 'react';
import { ApiError, isCancelled } from './api';

/**
 * Feedback of every form (spec §8): the server's msg in a global alert with a confirm
 * button; network and client errors as a toast; cancelled requests dropped silently.
 */
export function useFeedback() {
  const { message, modal } = App.useApp();
  return useMemo(
    () => ({
      success: (text: string) => void message.success(text),
      failure: (error: unknown) => {
        if (isCancelled(error)) return;
        const text = error instanceof Error && error.message ? error.message : '操作失败';
        if (error instanceof ApiError && error.status > 0) {
          modal.error({ title: '操作失败', content: text, okText: '确定', centered: true });
        } else {
          void message.error(text);
        }
      },
    }),
    [message, modal],
  );
}
