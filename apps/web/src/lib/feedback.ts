import type { ReactElement } from 'react';
import type { App } from 'antd';
import { ApiError, isCancelled } from './api';

/** The two parts of antd's App API that feedback uses. */
export type FeedbackApi = Pick<ReturnType<typeof App.useApp>, 'message' | 'modal'>;

/**
 * Spec §8, the feedback of every form: the server's msg in a global alert with a confirm
 * button; network and client errors as a toast; cancelled requests dropped silently.
 */
export function showFailure({ message, modal }: FeedbackApi, error: unknown) {
  if (isCancelled(error)) return;
  const text = error instanceof Error && error.message ? error.message : '操作失败';
  if (error instanceof ApiError && error.status > 0) {
    modal.error({ title: '操作失败', content: text, okText: '确定', centered: true });
  } else {
    void message.error(text);
  }
}

type Host = { api: FeedbackApi; unmount: () => void };
type Wrap = (app: ReactElement) => ReactElement;
let host: Promise<Host> | null = null;
let wrapHost: Wrap = (app) => app;

/**
 * antd's App, mounted once in a root of its own (lib/feedback-host) the first time feedback is
 * shown: a public page built without antd loads none of it until it has something to say, and
 * nothing already on screen is drawn again when it arrives.
 */
function feedbackApi(): Promise<FeedbackApi> {
  host ??= import('./feedback-host')
    .then((module) => module.mountFeedbackHost(wrapHost))
    .catch((error: unknown) => {
      host = null; // the next message tries again
      throw error;
    });
  return host.then(({ api }) => api);
}

/** Runs `show` once antd's App is there; when its code cannot load (offline), there is nowhere to show anything. */
const withApi = (show: (api: FeedbackApi) => void) => void feedbackApi().then(show, () => undefined);

/**
 * The site's one feedback API, usable anywhere (public pages, antd areas, code outside React):
 * a success or error toast, or a failed call's feedback as spec §8 says (showFailure).
 */
export const feedback = {
  success: (text: string) => withApi(({ message }) => void message.success(text)),
  error: (text: string) => withApi(({ message }) => void message.error(text)),
  failure: (error: unknown) => {
    if (!isCancelled(error)) withApi((api) => showFailure(api, error));
  },
};

/** tests (which share modules between files): the next feedback mounts antd's App afresh */
export async function forgetFeedbackForTests() {
  const mounted = host;
  host = null;
  if (mounted) (await mounted.catch(() => null))?.unmount();
}

/** tests: what the feedback's antd App is rendered inside (testing/render's TestStyles) */
export function wrapFeedbackHostForTests(wrap: Wrap) {
  wrapHost = wrap;
}
