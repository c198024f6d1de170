import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/**
 * Writes file.gz and file.br beside each script, style sheet and page of the build, so the
 * server sends them compressed (@fastify/static `preCompressed`) without compressing on every
 * request. Files under 1 KB gain nothing and are left alone.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'lab-precompress',
    apply: 'build',
    configResolved(config) {
      // the server's own build (dist-ssr) is read from disk by the server, never sent
      outDir = config.build.ssr ? '' : path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      if (!outDir) return;
      const files = Object.keys(bundle).concat('index.html').filter((name, index, all) => COMPRESSIBLE.test(name) && all.indexOf(name) === index);
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          if (!fs.existsSync(file)) return;
          const body = await fs.promises.readFile(file);
          if (body.length < 1024) return;
          const [gz, br] = await Promise.all([
            new Promise<Buffer>((resolve, reject) => zlib.gzip(body, { level: 9 }, (error, out) => (error ? reject(error) : resolve(out)))),
            new Promise<Buffer>((resolve, reject) =>
              zlib.brotliCompress(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }, (error, out) =>
                error ? reject(error) : resolve(out),
              ),
            ),
          ]);
          await Promise.all([fs.promises.writeFile(`${file}.gz`, gz), fs.promises.writeFile(`${file}.br`, br)]);
        }),
      );
    },
  };
}
