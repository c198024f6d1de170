import { useEffect, useRef, useState } from 'react';
import { PlainField, PlainForm, usePlainForm } from '../../../components/plain-form';
import { useParams } from 'react-router';
import type { CallData } from '@lab/contract/call';
import type { vaultOpen as openTable } from '@lab/contract/vault/calls';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { formatBytes } from '../api/format-bytes';
import { vaultOpen } from '../api/vault';
import './share-page.css';

type Shared = CallData<(typeof openTable)['share']>;

/**
 * /vault/share/:token — what a member shared with a co-author, opened without an account: the
 * files with their size and SHA-256, each downloaded by a short-lived link. A link with a 提取码
 * asks for it first; an expired, revoked or used-up link says so (the server answers 404).
 */
export default function SharePage() {
  const { token = '' } = useParams();
  const [code, setCode] = useState('');
  const codeForm = usePlainForm({
    schema: () => import('@lab/contract/vault/schemas').then((module) => module.vaultShareCodeForm),
    initialValues: { code: '' },
    onSubmit: (checked) => {
      setCode(checked.code);
      void open(checked.code);
    },
  });
  const [shared, setShared] = useState<Shared | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const asked = useRef(false);

  async function open(withCode = code) {
    setBusy(true);
    setProblem(null);
    try {
      setShared(await vaultOpen.share({ token, code: withCode }));
      setNeedsCode(false);
    } catch (error) {
      const message = error instanceof Error ? error.message : '打开失败，请稍后再试';
      if (error instanceof ApiError && error.status === 403) setNeedsCode(true);
      setProblem(error instanceof ApiError && error.status === 404 ? '分享链接不存在或已失效（过期、被撤销或下载次数已用完）' : message);
    } finally {
      setBusy(false);
    }
  }

  async function download(rid: string) {
    setProblem(null);
    try {
      const { url } = await vaultOpen.shareFile({ token, code, rid });
      window.location.assign(url);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : '下载失败，请稍后再试');
    }
  }

  // the link is opened once when the page comes (a link with a 提取码 then asks for it)
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void open();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  return (
    <main className="vault-share">
      <h1>分享的原始数据</h1>
      {needsCode && !shared ? (
        <PlainForm form={codeForm} className="vault-share-code" label="提取分享的文件">
          <PlainField form={codeForm} name="code" label="提取码" required>
            {(control) => <input {...control} {...codeForm.text('code')} maxLength={8} autoComplete="off" />}
          </PlainField>
          <button type="submit" disabled={busy}>
            提取文件
          </button>
        </PlainForm>
      ) : null}
      {problem ? (
        <p role="alert" className="vault-share-problem">
          {problem}
        </p>
      ) : null}
      {shared ? (
        <>
          <p className="vault-share-lead">
            有效期至 {formatDateTime(shared.expiresAt)}
            {shared.downloadsLeft !== null ? `，还可下载 ${shared.downloadsLeft} 次` : ''}。下载后可用 sha256sum 核对文件是否完整。
          </p>
          <ul className="vault-share-files">
            {shared.files.map((file) => (
              <li key={file.rid}>
                <div className="vault-share-name">
                  {file.name} <span>{formatBytes(file.size)}</span>
                </div>
                <div className="vault-share-meta">
                  {file.orderNo} {file.sampleCode ?? ''}
                </div>
                <code className="vault-share-hash" aria-label={`${file.name} 的 SHA-256`}>
                  {file.sha256}
                </code>
                <button type="button" onClick={() => void download(file.rid)}>
                  下载
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </main>
  );
}
