import { ApiError, keepSessionFresh } from './api';
import { getSession, type StoredSession } from './session';

/** The file name of a Content-Disposition header (filename* first), or the fallback. */
export function fileNameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? fallback;
}

/**
 * GET a file with the token header (a plain link cannot carry it), then save it through a
 * blob link. A failure answers the envelope; its msg becomes the ApiError.
 */
export function createDownloader(session: { getSession: () => StoredSession | null; keepSessionFresh: () => Promise<void> }) {
  return (path: string, query: Record<string, string | undefined>, fallbackName: string) => download(session, path, query, fallbackName);
}

/** The member's downloads. */
export const downloadFile = createDownloader({ getSession, keepSessionFresh });

async function download(
  source: { getSession: () => StoredSession | null; keepSessionFresh: () => Promise<void> },
  path: string,
  query: Record<string, string | undefined>,
  fallbackName: string,
): Promise<string> {
  await source.keepSessionFresh();
  const url = new URL(path, window.location.origin);
  for (const [name, value] of Object.entries(query)) if (value) url.searchParams.set(name, value);
  const session = source.getSession();
  let response: Response;
  try {
    response = await fetch(url, { headers: session ? { token: session.token } : {}, credentials: 'same-origin' });
  } catch {
    throw new ApiError('网络连接失败，请检查网络后重试', 0);
  }
  if (!response.ok) {
    let msg = `下载失败（${response.status}）`;
    try {
      const envelope = (await response.json()) as { msg?: string };
      if (envelope.msg) msg = envelope.msg;
    } catch {
      // not an envelope
    }
    throw new ApiError(msg, response.status);
  }
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}
