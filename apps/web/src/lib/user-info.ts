import { useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@lab/contract';
import type { CallData } from '@lab/contract/call';
import type { memberHome } from '@lab/contract/views/member-home-calls';
import { info as infoRoute } from 'virtual:calls/memberHome';
import { logout as logoutRoute } from 'virtual:calls/accounts';
import { onConsentRequired, request } from './api';
import { queryClient } from './query-client';
import { clearSession, useSession } from './session';

export const userInfoKey = ['user', 'info'] as const;

/*
 * The call table's memberHome.info and accounts.logout, sent by lib/api.ts's request rather than the typed
 * client: this file is in the home page's first script, and the typed client brings the staff
 * client with it (1.4 KB gzipped of a 170 KB budget).
 */
export const fetchUserInfo = () => request<CallData<typeof memberHome.info>>(infoRoute.path);

/*
 * A call refused for a consent due (the server's consent gate): the versions due go into
 * user/info at once, so the site layout's consent dialog opens on whatever page the member is,
 * and user/info is read again to be sure.
 */
onConsentRequired(({ consentDue }) => {
  queryClient.setQueryData<CallData<typeof memberHome.info>>(userInfoKey, (old) => (old ? { ...old, consentDue } : old));
  void queryClient.invalidateQueries({ queryKey: userInfoKey });
});

/** user/info of the member logged in: account, address list and cartNum. */
export function useUserInfo() {
  const session = useSession();
  return useQuery({ queryKey: userInfoKey, queryFn: fetchUserInfo, enabled: session !== null, staleTime: 60_000 });
}

/** After a login: fetch user/info afresh (null when it failed; the login still stands). */
export async function loadUserInfo(): Promise<UserInfo | null> {
  try {
    return await queryClient.fetchQuery({ queryKey: userInfoKey, queryFn: fetchUserInfo, staleTime: 0 });
  } catch {
    return null;
  }
}

export const maskPhone = (phone: string) => (phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone);

/** The name a member is shown by: real name, then nickname, then the masked phone. */
export const displayName = (info: UserInfo | null | undefined) =>
  info ? info.account.name || info.account.nickname || maskPhone(info.account.phone) : '';

/**
 * Logout (spec: clears all and goes home): the server revokes the token family, then the
 * session, user, cart count, plan and messages are cleared whatever the server answered.
 */
export async function logout() {
  try {
    await request(logoutRoute.path);
  } catch {
    // an expired or revoked token is logged out already
  } finally {
    clearSession();
  }
}
