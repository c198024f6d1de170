import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { siteInfo } from '../lib/site-info';

/** Areas that later issues build; the route and its login guard are real already. */
export default function UnderConstructionPage() {
  return (
    <div className="container page-pad">
      <Result
        status="info"
        title="建设中"
        subTitle={`该功能正在建设中，敬请期待。如需办理相关业务，请致电客服热线 ${siteInfo.phone}（${siteInfo.workingHours}）。`}
        extra={
          <Link to="/">
            <Button type="primary">返回首页</Button>
          </Link>
        }
      />
    </div>
  );
}
