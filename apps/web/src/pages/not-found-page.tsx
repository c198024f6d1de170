import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useDocumentTitle } from '../features/catalog/hooks/use-document-title';
import { AntScope } from '../app/ant-scope';

/** The page's title, also the one the server answers a 404 with (entry-server.tsx). */
export const NOT_FOUND_TITLE = '页面不存在';

function NotFoundPageContent() {
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

/** Loaded lazily, it brings antd along and puts antd's providers around itself (app/ant-scope). */
export default function NotFoundPage() {
  return (
    <AntScope>
      <NotFoundPageContent />
    </AntScope>
  );
}
