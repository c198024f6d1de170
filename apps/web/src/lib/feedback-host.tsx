import { useEffect, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from 'antd';
import { AntScope } from '../components/ant-scope';
import type { FeedbackApi } from './feedback';

function Bridge({ onReady }: { onReady: (api: FeedbackApi) => void }) {
  const { message, modal } = App.useApp();
  useEffect(() => onReady({ message, modal }), [message, modal, onReady]);
  return null;
}

/**
 * lib/feedback's antd App: mounted once, in a container of its own at the end of the body,
 * outside the app's tree (the toasts and alerts it shows are fixed on the screen anyway).
 * Resolves with its message / modal API once it has mounted.
 */
export function mountFeedbackHost(wrap: (app: ReactElement) => ReactElement): Promise<{ api: FeedbackApi; unmount: () => void }> {
  const container = document.createElement('div');
  container.dataset.feedback = '';
  document.body.append(container);
  const root = createRoot(container);
  const unmount = () => {
    root.unmount();
    container.remove();
  };
  return new Promise((resolve) => {
    const onReady = (api: FeedbackApi) => resolve({ api, unmount });
    root.render(
      wrap(
        <AntScope>
          <Bridge onReady={onReady} />
        </AntScope>,
      ),
    );
  });
}
