import routes from 'virtual:calls/adminFunds';
import { ApiError } from '../../../lib/api';
import { keepStaffSessionFresh, staffSession } from '../../../lib/admin-api';

/** The stored files finance looks at: a transfer receipt, an e-invoice (calls of contract/calls/admin-funds.ts). */
export type StaffFile = 'prestoreReceipt' | 'invoiceFile';

/**
 * GET a stored file with the staff token, as a Blob to show in the page: a plain <img src> or
 * link cannot carry the token header. (The typed client saves files; this one shows them.)
 */
export async function fetchStaffFile(file: StaffFile, query: Record<string, string>): Promise<Blob> {
  await keepStaffSessionFresh();
  const url = new URL(routes[file]!.path, window.location.origin);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const session = staffSession.getSession();
  let response: Response;
  try {
    response = await fetch(url, { headers: session ? { token: session.token } : {}, credentials: 'same-origin' });
  } catch {
    throw new ApiError('网络连接失败，请检查网络后重试', 0);
  }
  if (!response.ok) {
    let msg = `文件读取失败（${response.status}）`;
    try {
      const envelope = (await response.json()) as { msg?: string };
      if (envelope.msg) msg = envelope.msg;
    } catch {
      // not an envelope
    }
    throw new ApiError(msg, response.status);
  }
  return response.blob();
}
