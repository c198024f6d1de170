import { useEffect } from 'react';

let loading: Promise<void> | null = null;

/**
 * Makes the contract's password schemas check strength (zxcvbn) in this browser too. Its
 * dictionaries are ~200 KB gzipped, so only the forms that set a password load them, on first
 * use; until then (or if loading fails) the length rule still applies here and the server
 * gives the strength answer.
 */
export function ensurePasswordStrength(): Promise<void> {
  loading ??= import('@lab/contract/password-strength').then(
    (module) => module.installPasswordStrength(),
    () => {
      loading = null;
    },
  );
  return loading;
}

/** Starts loading the strength check as soon as a form that sets a password is shown. */
export function usePasswordStrength() {
  useEffect(() => {
    void ensurePasswordStrength();
  }, []);
}
