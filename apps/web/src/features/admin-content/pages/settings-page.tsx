import { Button, Result, Skeleton } from 'antd';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { useSettings } from '../api/get-settings';
import { useIdentity } from '../api/get-identity';
import { IdentityForm } from '../components/identity-form';
import { AllowRegionForm } from '../components/allow-region-form';
import { LocalInfoForm } from '../components/local-info-form';
import { AgreementRuleForm } from '../components/agreement-rule-form';
import { SamplingSettingForm } from '../components/sampling-setting-form';
import '../components/content.css';

/** /admin/content/settings: where home pickup is offered, when it can be booked, and the lab's contact data. */
export default function SettingsPage() {
  const settings = useSettings();
  const identity = useIdentity();
  return (
    <AdminPage title="站点设置" description="上门取样的开放地区与预约时间，网站上的联系信息、备案与主体信息；每部分单独保存，保存后网站立即生效。">
      {settings.isPending ? (
        <AdminSection>
          <Skeleton active paragraph={{ rows: 10 }} />
        </AdminSection>
      ) : !settings.data ? (
        <AdminSection>
          <Result status="warning" title="设置加载失败" subTitle={settings.error?.message} extra={<Button onClick={() => void settings.refetch()}>重试</Button>} />
        </AdminSection>
      ) : (
        <>
          <AdminSection title="上门取样开放地区">
            <AllowRegionForm saved={settings.data.allowRegion} />
          </AdminSection>
          <AdminSection title="上门取样预约时间">
            <SamplingSettingForm saved={settings.data.samplingSetting} />
          </AdminSection>
          <AdminSection title="联系信息">
            <LocalInfoForm saved={settings.data.localInfo} />
          </AdminSection>
          <AdminSection title="委托协议签署要求">
            <AgreementRuleForm saved={settings.data.agreementRule} />
          </AdminSection>
          <AdminSection title="备案与主体信息">
            {identity.data ? <IdentityForm saved={identity.data} /> : <Skeleton active paragraph={{ rows: 4 }} />}
          </AdminSection>
        </>
      )}
    </AdminPage>
  );
}
