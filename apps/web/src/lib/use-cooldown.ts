import { useEffect, useState } from 'react';
import { SMS_CODE_COOLDOWN_SECONDS } from '@lab/contract';
import { defineStore } from './store';

/**
 * The send-code countdown of every form that sends an SMS code (members and staff). The end
 * time is kept per key (one per purpose) outside the component, so switching tabs or views
 * does not let a visitor skip the 60 s wait.
 */
const cooldownEnds = defineStore<Record<string, number>>(() => ({}));

export function useCooldown(key: string, seconds = SMS_CODE_COOLDOWN_SECONDS) {
  const [now, setNow] = useState(() => Date.now());
  const end = cooldownEnds((ends) => ends[key] ?? 0);
  const left = Math.max(0, Math.ceil((end - now) / 1000));
  const running = left > 0;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running, key]);

  const start = () => {
    const at = Date.now();
    cooldownEnds.setState({ [key]: at + seconds * 1000 });
    setNow(at);
  };

  return { left, running, start };
}
