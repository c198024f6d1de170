import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Popconfirm, Space, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffWxBindQr } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { staffWx, staffWxKey } from '../api/staff-wx';

/**
 * 微信提醒 (the back office's user menu): the staff member binds their own WeChat by scanning the
 * official account's QR code; the promise alerts (服务承诺即将到期/超时, 预计出数据晚于测试周期)
 * then reach it as the account's messages. While the code shows, the binding is asked again every
 * few seconds, so the dialog says 已绑定 as soon as WeChat told the server.
 */
export function StaffWxModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const [qr, setQr] = useState<StaffWxBindQr | null>(null);
  const binding = useQuery({ queryKey: staffWxKey, queryFn: () => staffWx.binding(), enabled: open, refetchInterval: qr ? 3000 : false });
  const boundAt = binding.data?.boundAt ?? null;
  const [shownFor, setShownFor] = useState<string | null>(null);

  const ask = useApiMutation({
    mutationFn: () => staffWx.bindQr(),
    onSuccess: (data) => {
      setShownFor(boundAt);
      setQr(data);
    },
  });
  const unbind = useApiMutation({
    mutationFn: () => staffWx.unbind(),
    onSuccess: (data) => {
      client.setQueryData(staffWxKey, data);
      feedback.success('已解除微信绑定');
    },
  });

  // a new binding (another boundAt than when the code was shown): done
  useEffect(() => {
    if (qr && binding.data?.bound && boundAt !== shownFor) {
      setQr(null);
      feedback.success('微信已绑定，服务承诺提醒将发到该微信');
    }
  }, [qr, binding.data?.bound, boundAt, shownFor]);

  const close = () => {
    setQr(null);
    onClose();
  };
  const data = binding.data;
  return (
    <Modal title="微信提醒" open={open} onCancel={close} footer={null} destroyOnHidden width={420}>
      {!data ? null : !data.officialAccount ? (
        <Alert type="info" showIcon title="未配置公众号" description="配置公众号（WECHAT_MP_APPID）后，可在此绑定微信接收服务承诺提醒；现在提醒见“系统提醒”（及短信）。" />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <div>
            <Space>
              <strong>{data.bound ? '已绑定微信' : '未绑定微信'}</strong>
              {data.bound && data.subscribed === false ? <Tag color="orange">已取消关注公众号</Tag> : null}
            </Space>
            <p className="admin-muted" style={{ margin: '4px 0 0' }}>
              {data.bound
                ? `${boundAt ? `绑定于 ${formatDateTime(boundAt)}。` : ''}服务承诺即将到期或超时、预计出数据晚于测试周期时，公众号会提醒您${data.subscribed === false ? '（已取消关注：改为短信与系统提醒）' : ''}。`
                : '绑定后，服务承诺提醒通过公众号发到您的微信；未绑定时只有系统提醒（及短信）。'}
            </p>
          </div>
          {qr ? (
            <div style={{ textAlign: 'center' }}>
              <img src={qr.qr_code_url} alt="绑定微信提醒的二维码" width={200} height={200} />
              <p className="admin-muted">请用微信扫码（未关注时先关注公众号），{Math.round(qr.expire_seconds / 60)} 分钟内有效。</p>
            </div>
          ) : null}
          <Space wrap>
            <Button type={data.bound ? 'default' : 'primary'} loading={ask.isPending} onClick={() => ask.mutate()}>
              {qr ? '刷新二维码' : data.bound ? '换绑微信' : '扫码绑定'}
            </Button>
            {data.bound ? (
              <Popconfirm title="解除后服务承诺提醒不再发到该微信。确定解除？" okText="解除绑定" cancelText="取消" onConfirm={() => unbind.mutate()}>
                <Button danger loading={unbind.isPending}>
                  解除绑定
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        </Space>
      )}
    </Modal>
  );
}
