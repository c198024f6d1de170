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

type TokenSource = { getSession: () => StoredSession | null; keepSessionFresh: () => Promise<void> };

/**
 * GET a file with the token header (a plain link or <img src> cannot carry it), then save it
 * through a blob link. A failure answers the envelope; its msg becomes the ApiError.
 */
export function createDownloader(source: TokenSource) {
  return (path: string, query: Record<string, string | undefined>, fallbackName: string) => download(source, path, query, fallbackName);
}

/** GET a file with the token header as a Blob to show in the page (a receipt, an e-invoice); failures as the downloader's. */
export function createFileReader(source: TokenSource) {
  return async (path: string, query: Record<string, string | undefined>): Promise<Blob> => (await fetchWithToken(source, path, query, '文件读取失败')).blob();
}

/** The member's downloads. */
export const downloadFile = createDownloader({ getSession, keepSessionFresh });

async function fetchWithToken(source: TokenSource, path: string, query: Record<string, string | undefined>, failure: string): Promise<Response> {
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
    let msg = `${failure}（${response.status}）`;
    try {
      const envelope = (await response.json()) as { msg?: string };
      if (envelope.msg) msg = envelope.msg;
    } catch {
      // not an envelope
    }
    throw new ApiError(msg, response.status);
  }
  return response;
}

async function download(source: TokenSource, path: string, query: Record<string, string | undefined>, fallbackName: string): Promise<string> {
  const response = await fetchWithToken(source, path, query, '下载失败');
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
