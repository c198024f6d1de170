import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a credential: the spec's refresh4token?token=, a QR ticket. */
const secretParameter = /^(token|refresh_?token|access_?token|ticket|secret|challenge)$/i;

/**
 * The address as the access log may keep it: every credential-bearing query parameter's value
 * replaced by `[redacted]`. The spec sends the refresh token in the query string, and an access
 * log is read by more people, and kept longer, than the token is meant to be.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const parts = url.slice(mark + 1).split('&');
  let changed = false;
  const kept = parts.map((part) => {
    const eq = part.indexOf('=');
    let name = eq < 0 ? part : part.slice(0, eq);
    try {
      name = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // a malformed name is kept as it came
    }
    if (eq < 0 || !secretParameter.test(name)) return part;
    changed = true;
    return `${part.slice(0, eq)}=[redacted]`;
  });
  return changed ? `${url.slice(0, mark)}?${kept.join('&')}` : url;
}

/** Fastify's own request serializer (method, url, host, address, port) with the url redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
