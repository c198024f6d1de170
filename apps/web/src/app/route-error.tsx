import { CloseCircleFilled } from '../components/icons';

/**
 * A page that failed to load (usually a new deployment replaced its script). Built without
 * antd: antd's own script may be what failed to load.
 */
export function RouteError() {
  return (
    <div className="route-error" role="alert">
      <CloseCircleFilled className="route-error-icon" />
      <h1>页面加载失败</h1>
      <p>网络异常或页面已更新，请刷新后重试。</p>
      <button type="button" className="plain-button plain-button-primary" onClick={() => window.location.reload()}>
        刷新页面
      </button>
    </div>
  );
}
