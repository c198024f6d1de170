import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IMAGE_MAX_BYTES, type UploadedImage } from '@lab/contract';
import { calls } from '@lab/contract/calls';
import type { AppDeps } from '../../platform/deps';
import { audit, auditEntity } from '../../platform/audit';
import { serve } from '../../platform/calls';
import { readUpload, saveFile, uploadSpec } from '../../platform/files';
import { fileUrl } from './content-version';

/** Where staff-uploaded pictures are served from; the committed images stay under /upload/img/. */
export const UPLOADED_IMAGE_PREFIX = '/upload/img/u/';

const imageUpload = uploadSpec({ kind: 'images', maxBytes: IMAGE_MAX_BYTES, types: ['png', 'jpg', 'webp'], fields: z.object({}) });

const imageAudit = auditEntity<string>('image', async (_db, key) => ({ path: String(key) }));

const imageTypes: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/**
 * The uploaded pictures, saved under random names and never rewritten: cached for a year. From
 * local disk by @fastify/static; from S3 through the file store (any instance serves any
 * picture, and those still on local disk are found there).
 */
export async function serveUploadedImages(app: FastifyInstance, deps: AppDeps) {
  if (deps.files.name === 'local') {
    const folder = path.join(deps.config.dataDir, 'files', 'images');
    fs.mkdirSync(folder, { recursive: true });
    await app.register(fastifyStatic, { root: folder, prefix: UPLOADED_IMAGE_PREFIX, decorateReply: false, index: false, maxAge: '365d', immutable: true });
    return;
  }
  app.get<{ Params: { name: string } }>(`${UPLOADED_IMAGE_PREFIX}:name`, async (request, reply) => {
    const { name } = request.params;
    const type = imageTypes[path.extname(name).slice(1)];
    const opened = type && /^[\w-]{20,60}\.\w+$/.test(name) ? await deps.files.open(imageUpload.kind, name) : null;
    if (!opened) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    if (opened.size !== null) reply.header('content-length', opened.size);
    return reply.type(type!).header('cache-control', 'public, max-age=31536000, immutable').send(opened.body);
  });
}

/**
 * Pictures for the catalogue and the site's content (banners, items, articles, logos): PNG, JPG
 * or WEBP by content, at most 5 MB, saved under the data folder with a name the server chooses,
 * and answered with the path to store (`/upload/img/u/<name>`) and the URL to preview it.
 * SVG is refused: it can carry script and would be served from the site's own origin.
 */
export const imageRoutes = serve(calls.images, {
  upload: {
    handler: async ({ request, deps }): Promise<UploadedImage> => {
      const { file } = await readUpload(request, imageUpload);
      const stored = await saveFile(deps.files, imageUpload.kind, file, imageUpload.types);
      const storedPath = `${UPLOADED_IMAGE_PREFIX}${stored.name}`;
      return { path: storedPath, url: fileUrl(deps.config.FILE_HOST, storedPath), size: stored.size, type: stored.type };
    },
    config: { upload: imageUpload, audit: audit<unknown, UploadedImage>(imageAudit, 'content.image.upload', '上传图片', null, (data) => data.path) },
  },
});
