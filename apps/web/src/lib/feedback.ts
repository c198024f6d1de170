import { antdApi, type AntdApi } from './antd-loader';
import { ApiError, isCancelled } from './api';

/**
 * Spec §8, the feedback of every form: the server's msg in a global alert with a confirm
 * button; network and client errors as a toast; cancelled requests dropped silently.
 */
export function showFailure({ message, modal }: Pick<AntdApi, 'message' | 'modal'>, error: unknown) {
  if (isCancelled(error)) return;
  const text = error instanceof Error && error.message ? error.message : '操作失败';
  if (error instanceof ApiError && error.status > 0) {
    modal.error({ title: '操作失败', content: text, okText: '确定', centered: true });
  } else {
    void message.error(text);
  }
}

/**
 * The one feedback API of the site (docs/web.md): success and error toasts, and failure for a
 * call that failed. antd loads with the first message, so a visitor who never sees one never
 * loads it.
 */
export const feedback = {
  success: (text: string) => void antdApi().then(({ message }) => message.success(text)),
  error: (text: string) => void antdApi().then(({ message }) => message.error(text)),
  failure: (error: unknown) => {
    if (!isCancelled(error)) void antdApi().then((api) => showFailure(api, error));
  },
};
