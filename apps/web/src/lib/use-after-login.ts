import { useEffect, useEffectEvent, useState } from 'react';
import { loginPanel, useLoginPanel } from './login-panel';
import { useSession } from './session';

/**
 * An action a visitor asked for that needs a member (加入实验计划, 提交需求): `request(value)` runs
 * it at once for a member; for a visitor it opens the login panel over the page and runs it, with
 * the same value, once they have logged in (or registered and logged in) — no second click. Closing
 * the panel without logging in drops it. The page stays drawn under the panel, so what was typed
 * or chosen is still there. `waiting`: a request is waiting for the login.
 */
export function useAfterLogin<T>(run: (value: T) => void): { request: (value: T) => void; waiting: boolean } {
  const session = useSession();
  const panelOpen = useLoginPanel().open;
  const [waiting, setWaiting] = useState<{ value: T } | null>(null);
  const runNow = useEffectEvent((value: T) => run(value));
  useEffect(() => {
    if (!waiting) return;
    if (session) {
      setWaiting(null);
      runNow(waiting.value);
    } else if (!panelOpen) setWaiting(null);
  }, [waiting, session, panelOpen]);
  const request = (value: T) => {
    if (session) run(value);
    else {
      setWaiting({ value });
      // no `intended`: the visitor stays on this page
      loginPanel.open({ view: 'sign' });
    }
  };
  return { request, waiting: waiting !== null };
}
