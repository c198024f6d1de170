import { useQuery } from '@tanstack/react-query';
import type { CallData } from '@lab/contract/call';
import type { staffAuth } from '@lab/contract/accounts/staff-auth-calls';
import { logout as logoutRoute, me as meRoute } from 'virtual:calls/staffAuth';
import { createApiClient } from './api';
import { createDownloader, createFileReader } from './download';
import { queryClient } from './query-client';
import { createSessionStore } from './session';

/**
 * The back office's calls: the staff token (its own store, so a browser can be logged in as a
 * member and as staff at once), refreshed and cleared on its own. Every admin feature calls
 * the server through `adminPost` / `adminGet`; a 401 clears the staff session and the admin
 * layout sends the person to /admin/login.
 */
export const staffSession = createSessionStore('lab.staff-session');
const client = createApiClient(staffSession);

export const adminRequest = client.request;
export const adminGet = client.apiGet;
export const adminPost = client.apiPost;
export const keepStaffSessionFresh = client.keepSessionFresh;
/** GET a file (xlsx export, report, receipt) with the staff token and save it. */
export const adminDownload = createDownloader({ getSession: staffSession.getSession, keepSessionFresh: client.keepSessionFresh });
/** GET a stored file (a transfer receipt, an e-invoice) with the staff token, as a Blob to show in the page. */
export const adminReadFile = createFileReader({ getSession: staffSession.getSession, keepSessionFresh: client.keepSessionFresh });

/** Everything the back office caches lives under this key, so logging out drops it at once. */
export const adminKey = ['admin'] as const;
export const staffMeKey = [...adminKey, 'me'] as const;

staffSession.onSessionCleared(() => queryClient.removeQueries({ queryKey: adminKey }));

// the call table's staffAuth.me and .logout by this file's own client: the typed client (src/api/) is built on it
export const fetchStaffMe = () => adminPost<CallData<typeof staffAuth.me>>(meRoute.path);

/** The staff member logged in (account, name, role), when there is a staff session. */
export function useStaffMe() {
  const session = staffSession.useSession();
  return useQuery({ queryKey: staffMeKey, queryFn: fetchStaffMe, enabled: session !== null, staleTime: 5 * 60_000 });
}

export async function staffLogout() {
  try {
    await adminPost(logoutRoute.path);
  } catch {
    // an expired or revoked token is logged out already
  } finally {
    staffSession.clearSession();
  }
}
