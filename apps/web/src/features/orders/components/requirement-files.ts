/** Attachments of a requirement: PDF, PNG, JPG or ZIP, at most 20 MB each, at most 5 (the server's limits). */
export const REQUIREMENT_FILE_MAX_MB = 20;
export const REQUIREMENT_FILES_MAX = 5;
export const requirementFileAccept = '.pdf,.png,.jpg,.jpeg,.zip,application/pdf,image/png,image/jpeg,application/zip';
const acceptedName = /\.(pdf|png|jpe?g|zip)$/i;

export function requirementFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!acceptedName.test(file.name)) return '附件仅支持 PDF、PNG、JPG 或 ZIP 文件';
  if (file.size === 0) return '文件是空的，请重新选择';
  if (file.size > REQUIREMENT_FILE_MAX_MB * 1024 * 1024) return `单个附件不能超过 ${REQUIREMENT_FILE_MAX_MB} MB`;
  return null;
}
