import { Result } from 'antd';

/** Areas that later issues build; the route and its login guard are real already. */
export default function UnderConstructionPage() {
  return <Result status="info" title="建设中" subTitle="该功能正在建设中，敬请期待。如需办理相关业务，请致电客服热线。" />;
}
