import { App } from 'antd';
import { useMemo } from 'react';
import { showFailure } from './feedback';

/**
 * Feedback of a form inside antd's tree (spec §8; showFailure says how). Superseded by
 * lib/feedback's `feedback`, the one feedback API: kept only for features/auth,
 * features/admin-auth and order-confirm-page, which other branches are rewriting; delete it
 * once those import `feedback` too.
 */
export function useFeedback() {
  const { message, modal } = App.useApp();
  return useMemo(
    () => ({
      success: (text: string) => void message.success(text),
      failure: (error: unknown) => showFailure({ message, modal }, error),
    }),
    [message, modal],
  );
}
