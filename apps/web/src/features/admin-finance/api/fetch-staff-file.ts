import { ApiError } from '../../../lib/api';
import { keepStaffSessionFresh, staffSession } from '../../../lib/admin-api';

/**
 * GET a stored file (a transfer receipt, an e-invoice) with the staff token, as a Blob to show
 * in the page: a plain <img src> or link cannot carry the token header.
 */
export async function fetchStaffFile(path: string, query: Record<string, string>): Promise<Blob> {
  await keepStaffSessionFresh();
  const url = new URL(path, window.location.origin);
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
