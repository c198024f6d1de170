import { Button, Result } from 'antd';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <div className="container page-pad">
      <Result
        status="404"
        title="页面不存在"
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
