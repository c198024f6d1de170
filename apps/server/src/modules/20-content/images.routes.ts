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

/** The uploaded pictures, saved under random names and never rewritten: cached for a year. */
export async function serveUploadedImages(app: FastifyInstance, deps: AppDeps) {
  const folder = path.join(deps.config.dataDir, 'files', 'images');
  fs.mkdirSync(folder, { recursive: true });
  await app.register(fastifyStatic, { root: folder, prefix: UPLOADED_IMAGE_PREFIX, decorateReply: false, index: false, maxAge: '365d', immutable: true });
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
      const stored = saveFile(deps.config.dataDir, imageUpload.kind, file, imageUpload.types);
      const storedPath = `${UPLOADED_IMAGE_PREFIX}${stored.name}`;
      return { path: storedPath, url: fileUrl(deps.config.FILE_HOST, storedPath), size: stored.size, type: stored.type };
    },
    config: { upload: imageUpload, audit: audit<unknown, UploadedImage>(imageAudit, 'content.image.upload', '上传图片', null, (data) => data.path) },
  },
});
