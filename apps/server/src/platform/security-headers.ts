import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from './config';

/**
 * The headers helmet sets for these options, worked out once: none of them depends on the
 * request. Running helmet's middleware per request (12 middlewares, each a res.setHeader) was
 * 4% of a cached call's CPU time, and headers set on the raw response make node merge every
 * other header into them one by one when the answer is written (docs/decisions/0014-api-speed.md).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers at once');
  return headers;
}

/** Where the browser sends the vault's parts when files are in S3: the bucket's origin (path style or virtual host). */
export function storageOrigins(config: Pick<Config, 'FILE_STORAGE' | 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_FORCE_PATH_STYLE'>): string[] {
  if (config.FILE_STORAGE !== 's3' || !config.S3_BUCKET) return [];
  const endpoint = new URL(config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`);
  return [config.S3_FORCE_PATH_STYLE ? endpoint.origin : `${endpoint.protocol}//${config.S3_BUCKET}.${endpoint.host}`];
}

/**
 * The security headers of every answer (buildApp sets them on each request): the content
 * security policy of the site, with the hashes of the web build's inline scripts.
 */
export function securityHeadersFor(config: Config, scriptHashes: string[]): Record<string, string> {
  return helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // antd writes its styles at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.FILE_HOST ? [config.FILE_HOST] : [])],
        // index.html's one inline script (the logged-in header before the app starts), by its hash;
        // WebAssembly may be compiled (not JavaScript evaluated): the data vault's upload hashes with hash-wasm
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...scriptHashes],
        // with S3, the data vault's upload PUTs its parts straight to the bucket
        connectSrc: ["'self'", ...storageOrigins(config)],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}
