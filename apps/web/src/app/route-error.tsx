import { Button, Result } from 'antd';

/** A page that failed to load (usually a new deployment replaced its script). */
export function RouteError() {
  return (
    <div style={{ padding: '64px 16px' }}>
      <Result
        status="error"
        title="页面加载失败"
        subTitle="网络异常或页面已更新，请刷新后重试。"
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            刷新页面
          </Button>
        }
      />
    </div>
  );
}
