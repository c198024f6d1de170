import { agreementKindLabels, type ConsentDueItem } from '@lab/contract';
import { ApiError } from '../../../lib/api';
import { feedback } from '../../../lib/feedback';
import { queryClient } from '../../../lib/query-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { logout, userInfoKey } from '../../../lib/user-info';
import { PlainButton } from '../../../components/plain-controls';
import { agreementKeys, consents } from '../api/consents';

/**
 * 协议更新: a newer 用户协议 or 隐私政策 than the member agreed to. The dialog says what changed,
 * links the new text, and blocks the site until the member agrees (recorded as re-consent) or
 * logs out (不同意并退出: the account stays; the member can come back, read and decide). It has
 * no close button and ignores Escape and clicks beside it: going on means agreeing. Built
 * without antd, so it stays small (it loads on any page, from the site layout).
 */
export default function ConsentDialog({ items }: { items: ConsentDueItem[] }) {
  const accept = useApiMutation({
    mutationFn: () => consents.accept(Object.fromEntries(items.map(({ kind, version }) => [kind, version]))),
    invalidates: [userInfoKey, agreementKeys.mine],
    onSuccess: () => feedback.success('已同意，感谢您的支持'),
    // a newer version was published while the dialog was open: user/info again, the dialog shows it
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: userInfoKey });
    },
  });
  const names = items.map((i) => `《${agreementKindLabels[i.kind]}》`).join('和');
  return (
    <div style={{ position: 'fixed', inset: 0, zIndex: 1100, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16, background: 'rgba(0,0,0,.45)' }}>
      <div role="dialog" style={{ width: 560, maxWidth: '100%', maxHeight: 'calc(100vh - 32px)', overflow: 'auto', padding: '20px 24px', background: '#fff', borderRadius: 8, lineHeight: 1.7 }} aria-modal="true" aria-labelledby="consent-title">
        <h2 id="consent-title" style={{ margin: '0 0 8px', fontSize: 16 }}>{names}已更新</h2>
        <p>为更好地保护您的权益，我们更新了{names}。请阅读更新内容，点击“同意”后继续使用本平台。</p>
        <ul style={{ margin: '12px 0', padding: 0, listStyle: 'none' }}>
          {items.map((item) => (
            <li key={item.kind} style={{ marginBottom: 8, padding: '10px 12px', background: '#f7f9fc', border: '1px solid #e5e9f0', borderRadius: 6 }}>
              <strong>
                《{agreementKindLabels[item.kind]}》第 {item.version} 版（{item.effectiveDate} 生效）
              </strong>
              <p>更新内容：{item.summary}</p>
              <a href={`/agreement/${item.kind}`} target="_blank" rel="noopener" style={{ color: '#0a58ca' }}>
                阅读全文
              </a>
            </li>
          ))}
        </ul>
        <p style={{ color: '#6b7280', fontSize: 13 }}>如不同意，您可以退出登录；您仍可随时登录查阅、导出个人信息或申请注销账号。</p>
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <PlainButton onClick={() => void logout()}>不同意并退出登录</PlainButton>
          <PlainButton variant="primary" loading={accept.isPending} onClick={() => accept.mutate()}>
            同意
          </PlainButton>
        </div>
      </div>
    </div>
  );
}
