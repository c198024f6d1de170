import { Button, Modal } from 'antd';
import { agreementKindLabels, type ConsentDueItem } from '@lab/contract';
import { agreementKeys, consents } from '../api/consents';
import { ApiError } from '../../../lib/api';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { logout, userInfoKey } from '../../../lib/user-info';
import { queryClient } from '../../../lib/query-client';
import { AntScope } from '../../../components/ant-scope';
import './consent-dialog.css';

/**
 * 协议更新: a newer 用户协议 or 隐私政策 than the member agreed to. The dialog says what changed,
 * links the new text, and blocks the site until the member agrees (recorded as re-consent) or
 * logs out (不同意并退出: the account stays, the member can come back, read and decide). It has
 * no close button, Escape or mask click: going on means agreeing.
 */
function ConsentDialogContent({ items }: { items: ConsentDueItem[] }) {
  const accept = useApiMutation({
    mutationFn: () => consents.accept({ items: items.map(({ kind, version }) => ({ kind: kind as 'user' | 'privacy', version })) }),
    invalidates: [userInfoKey, agreementKeys.mine],
    onSuccess: () => feedback.success('已同意，感谢您的支持'),
    // a newer version was published while the dialog was open: read user/info again, the dialog shows it
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: userInfoKey });
    },
  });
  const names = items.map((i) => `《${agreementKindLabels[i.kind]}》`).join('和');
  return (
    <Modal
      open
      centered
      closable={false}
      maskClosable={false}
      keyboard={false}
      width={560}
      title={`${names}已更新`}
      footer={[
        <Button key="logout" onClick={() => void logout()}>
          不同意并退出登录
        </Button>,
        <Button key="agree" type="primary" loading={accept.isPending} onClick={() => accept.mutate()}>
          同意
        </Button>,
      ]}
    >
      <div className="consent-due">
        <p>为更好地保护您的权益，我们更新了{names}。请阅读更新内容，点击“同意”后继续使用本平台。</p>
        <ul>
          {items.map((item) => (
            <li key={item.kind}>
              <strong>
                《{agreementKindLabels[item.kind]}》第 {item.version} 版（{item.effectiveDate} 生效）
              </strong>
              <p>更新内容：{item.summary}</p>
              <a href={`/agreement/${item.kind}`} target="_blank" rel="noopener">
                阅读全文
              </a>
            </li>
          ))}
        </ul>
        <p className="consent-due-note">如不同意，您可以退出登录；您仍可随时登录查阅、导出个人信息或申请注销账号。</p>
      </div>
    </Modal>
  );
}

/** Loaded lazily (app/layouts/site-layout.tsx) when user/info says consent is due; brings antd with it. */
export default function ConsentDialog({ items }: { items: ConsentDueItem[] }) {
  return (
    <AntScope>
      <ConsentDialogContent items={items} />
    </AntScope>
  );
}
