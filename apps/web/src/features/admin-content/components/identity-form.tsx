import { useEffect } from 'react';
import { Button, Form, Input, InputNumber } from 'antd';
import { siteIdentityBody, type AdminSiteIdentity } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { SchemaForm } from '../../../components/schema-form';
import { ImageUpload } from '../../../components/admin/image-upload';
import { saveIdentity } from '../api/get-identity';
import { useContentMutation } from '../api/use-content-mutation';

interface Values {
  icp: string;
  police: string;
  company: string;
  licenceImg: string;
  founded: number | null;
  qrOfficial: string;
  qrConsult: string;
  qrMiniapp: string;
}

const valuesOf = (saved: AdminSiteIdentity): Values => ({
  icp: saved.icp,
  police: saved.police,
  company: saved.company,
  licenceImg: saved.licenceImg,
  founded: saved.founded,
  qrOfficial: saved.qrOfficial,
  qrConsult: saved.qrConsult,
  qrMiniapp: saved.qrMiniapp,
});

/**
 * 备案与主体信息: the filings the footer of every public page shows (ICP 备案号 linked to
 * beian.miit.gov.cn, 公安机关备案号 with its badge linked to beian.gov.cn), the operating
 * company with its business licence, and the founding year the site's 服务年限 is counted from.
 * A blank part is left out of the footer.
 */
export function IdentityForm({ saved }: { saved: AdminSiteIdentity }) {
  const [form] = Form.useForm<Values>();
  const save = useContentMutation(saveIdentity);

  useEffect(() => form.setFieldsValue(valuesOf(saved)), [saved, form]);

  return (
    <SchemaForm
      form={form}
      name="site-identity"
      schema={siteIdentityBody}
      body={(values) => ({ ...values, founded: values.founded ?? '' })}
      layout="vertical"
      initialValues={valuesOf(saved)}
      onSubmit={(body) => save.mutate(body, { onSuccess: () => feedback.success('备案与主体信息已保存') })}
    >
      <div className="content-form-row">
        <Form.Item label="ICP备案号" name="icp" style={{ flex: 1, minWidth: 220 }} extra="页脚链接到工信部备案系统 beian.miit.gov.cn">
          <Input maxLength={50} placeholder="如：沪ICP备12345678号-1" />
        </Form.Item>
        <Form.Item label="公安机关备案号" name="police" style={{ flex: 1, minWidth: 220 }} extra="页脚显示公安备案图标，链接到全国互联网安全管理服务平台">
          <Input maxLength={60} placeholder="如：沪公网安备 31010402000123号" />
        </Form.Item>
      </div>
      <div className="content-form-row">
        <Form.Item label="运营主体" name="company" style={{ flex: 2, minWidth: 240 }} extra="营业执照上的企业名称">
          <Input maxLength={100} placeholder="如：上海某某检测技术有限公司" />
        </Form.Item>
        <Form.Item label="成立年份" name="founded" style={{ flex: 1, minWidth: 140 }} extra="网站上的“服务年限”由此计算">
          <InputNumber min={1900} max={2100} precision={0} style={{ width: '100%' }} placeholder="如 2016" />
        </Form.Item>
      </div>
      <Form.Item label="营业执照" name="licenceImg" extra="上传营业执照照片或扫描件；页脚显示“营业执照”链接，点击查看原图。PNG、JPG 或 WEBP，不超过 5MB">
        <ImageUpload allowClear aria-label="上传营业执照" />
      </Form.Item>
      <div className="content-form-row">
        <Form.Item label="公众号二维码" name="qrOfficial" style={{ flex: 1, minWidth: 200 }} extra="公众平台“设置与开发 → 公众号设置”中下载的二维码；不上传则页脚不显示">
          <ImageUpload allowClear aria-label="上传公众号二维码" />
        </Form.Item>
        <Form.Item label="业务咨询二维码" name="qrConsult" style={{ flex: 1, minWidth: 200 }} extra="企业微信客服或业务顾问的二维码；不上传则不显示">
          <ImageUpload allowClear aria-label="上传业务咨询二维码" />
        </Form.Item>
        <Form.Item label="小程序二维码" name="qrMiniapp" style={{ flex: 1, minWidth: 200 }} extra="小程序码；没有小程序就不上传，页脚不显示">
          <ImageUpload allowClear aria-label="上传小程序二维码" />
        </Form.Item>
      </div>
      <div className="content-actions">
        <Button onClick={() => form.setFieldsValue(valuesOf(saved))} disabled={save.isPending}>
          撤销修改
        </Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存备案与主体信息
        </Button>
      </div>
    </SchemaForm>
  );
}
