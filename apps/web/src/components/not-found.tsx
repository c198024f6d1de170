import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';

/** The page's title, also the one the server answers a 404 with (entry-server.tsx). */
export const NOT_FOUND_TITLE = '页面不存在';

/** 页面不存在: the router's catch-all, and a feature's page whose address names nothing. */
export function NotFound() {
  useDocumentTitle(NOT_FOUND_TITLE);
  return (
    <div className="container page-pad">
      <Result
        status="404"
        title={NOT_FOUND_TITLE}
        subTitle="您访问的地址有误，或该内容已被移除。"
        extra={
          <Link to="/">
            <Button type="primary">返回首页</Button>
          </Link>
        }
      />
    </div>
  );
}
