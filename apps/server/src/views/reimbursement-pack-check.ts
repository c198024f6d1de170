import { conflict } from '../platform/errors';
import type { FileStore } from '../platform/providers/file-store';
import type { DocumentSeal } from '../platform/providers/document-seal';

/**
 * Before the first byte of a reimbursement pack (decisions/0057): every stored file is there and the
 * lab's seal can be applied (its font and certificate load), so a pack that cannot be whole answers
 * 409 with every reason in Chinese instead of a ZIP cut half-way. What still fails after streaming
 * began is named in the ZIP itself (platform/zip-stream.ts ZIP_FAILURE_ENTRY) and logged.
 */
export interface PackFileToCheck {
  name: string;
  label: string;
  orderNo: string | null;
  /** where a stored file is; absent: a sealed paper issued when its turn comes */
  stored?: { kind: string; storedName: string };
}

export async function assertPackReadable(deps: { files: FileStore; seal: DocumentSeal }, files: PackFileToCheck[], sealsPapers: boolean): Promise<void> {
  const problems: string[] = [];
  for (const f of files) {
    if (!f.stored) continue;
    const opened = await deps.files.open(f.stored.kind, f.stored.storedName).catch(() => null);
    if (opened) opened.body.destroy();
    else problems.push(`${f.orderNo ? `订单 ${f.orderNo} 的` : ''}${f.label}（${f.name}）在文件库中找不到`);
  }
  if (sealsPapers) {
    try {
      deps.seal.font();
    } catch (error) {
      problems.push(`实验室电子签章暂不可用（${error instanceof Error ? error.message : String(error)}）`);
    }
  }
  if (problems.length > 0) throw conflict(`报销材料暂不能下载：${problems.map((p, i) => `${i + 1}. ${p}`).join('；')}。请联系实验室处理后再试`);
}
