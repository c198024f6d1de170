import { App } from 'antd';
import { useMemo } from 'react';
import { showFailure } from './feedback';

/** Feedback of every form inside antd's tree (spec §8; showFailure says how). */
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
