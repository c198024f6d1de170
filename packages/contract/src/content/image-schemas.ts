import { z } from 'zod';

// ---- pictures for the catalogue and content ----

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** POST /api/admin/upload/image (multipart `file`): the path to store and a URL to preview. */
export const uploadedImage = z.object({ path: z.string(), url: z.string(), size: z.number().int(), type: z.string() });
export type UploadedImage = z.infer<typeof uploadedImage>;
