import { useEffect, useRef, useState } from 'react';
import { Button, Descriptions, Result } from 'antd';
import type { WxScanResult } from '@lab/contract';
import { wxLogin } from '../api/wx-login';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { loginPanel } from '../../../lib/login-panel';
import { useSession } from '../../../lib/session';
import { displayName, useUserInfo } from '../../../lib/user-info';
import { siteInfo } from '../../../lib/site-info';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import '../auth.css';
import { AntScope } from '../../../components/ant-scope';
import { useApiMutation } from '../../../lib/use-api-mutation';

type Stage = 'scanning' | 'ready' | 'done' | 'invalid';

/**
 * The page a login QR code opens on a phone: it marks the ticket scanned (the desktop shows
 * 扫描成功), asks the member to log in here if needed, then confirms the desktop login.
 */
function WxConfirmPageContent() {
  const [params] = useSearchParams();
  const ticket = params.get('ticket') ?? '';
  const session = useSession();
  const { data: info } = useUserInfo();
  const [stage, setStage] = useState<Stage>(ticket ? 'scanning' : 'invalid');
  const [problem, setProblem] = useState<string>(ticket ? '' : '二维码无效，请在电脑上刷新二维码后重新扫描');
  const [request, setRequest] = useState<WxScanResult['request'] | null>(null);
  const scanned = useRef<string | null>(null);

  useEffect(() => {
    if (!ticket || scanned.current === ticket) return;
    scanned.current = ticket;
    wxLogin.scan({ ticket }, { skipAuth: true })
      .then((scan) => {
        setRequest(scan.request);
        setStage('ready');
      })
      .catch((error: unknown) => {
        setStage('invalid');
        setProblem(error instanceof Error ? error.message : '二维码已过期，请刷新后重新扫描');
        feedback.failure(error);
      });
  }, [ticket]);

  const loggedIn = session !== null;
  useEffect(() => {
    if (stage === 'ready' && !loggedIn) loginPanel.open({ view: 'sign' });
  }, [stage, loggedIn]);

  const confirm = useApiMutation({
    mutationFn: () => wxLogin.confirm({ ticket }),
    onSuccess: () => setStage('done'),
    onError: (error) => {
      // logged out meanwhile (401): log in again and confirm; anything else ends here
      if (!(error instanceof ApiError && error.status === 401)) {
        setStage('invalid');
        setProblem(error.message || '确认失败');
      }
    },
  });

  let content;
  if (stage === 'invalid') {
    content = <Result status="warning" title="无法确认登录" subTitle={problem} />;
  } else if (stage === 'done') {
    content = <Result status="success" title="已确认，请在电脑上继续操作" subTitle="电脑端将自动完成登录，本页面可以关闭。" />;
  } else if (!loggedIn) {
    content = (
      <Result
        status="info"
        title="请先登录"
        subTitle="请在本机登录您的会员账号，再确认电脑端的扫码登录。"
        extra={
          <Button type="primary" size="large" onClick={() => loginPanel.open({ view: 'sign' })}>
            登录
          </Button>
        }
      />
    );
  } else {
    content = (
      <Result
        status="info"
        title="电脑端登录确认"
        subTitle={`您正在电脑上登录${siteInfo.name}${info ? `，账号：${displayName(info)}` : ''}。请核对下面的登录请求，如非本人操作，请关闭本页面。`}
      />
    );
  }
  const confirmButton =
    stage === 'ready' && loggedIn ? (
      <div className="wx-confirm-actions">
        <Button type="primary" size="large" loading={confirm.isPending} onClick={() => confirm.mutate()}>
          确认登录
        </Button>
      </div>
    ) : null;

  // what is asking to be let in: shown before the member approves it (a forwarded QR code is someone else's)
  const details =
    request && stage !== 'invalid' && stage !== 'done' ? (
      <Descriptions className="wx-confirm-request" title="登录请求" column={1} size="small" bordered aria-label="登录请求">
        <Descriptions.Item label="设备">{request.device}</Descriptions.Item>
        <Descriptions.Item label="IP 地址">{request.ip ?? '未知'}</Descriptions.Item>
        {request.place ? <Descriptions.Item label="大致位置">{request.place}</Descriptions.Item> : null}
        <Descriptions.Item label="请求时间">{formatDateTime(request.requestedAt)}</Descriptions.Item>
      </Descriptions>
    ) : null;

  return (
    <div className="wx-confirm">
      {content}
      {details}
      {confirmButton}
    </div>
  );
}

/** Loaded lazily, it brings antd along and puts antd's providers around itself (components/ant-scope). */
export default function WxConfirmPage() {
  return (
    <AntScope>
      <WxConfirmPageContent />
    </AntScope>
  );
}
