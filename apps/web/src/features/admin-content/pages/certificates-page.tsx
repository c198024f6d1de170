import { DatePicker, Form, Input, InputNumber, Switch, Tag, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { certificateAddBody, type AdminCertificate } from '@lab/contract';
import { CrudList } from '../../../components/admin/crud-list';
import type { CrudDialogConfig } from '../../../components/admin/crud-dialog';
import { ImageUpload } from '../../../components/admin/image-upload';
import { contentKeys } from '../api/keys';
import { addCertificate, deleteCertificate, editCertificate, useCertificates } from '../api/certificates';
import { PictureThumb } from '../components/picture-thumb';
import '../components/content.css';

const DAY = 24 * 3600_000;
/** days until a certificate's validity ends (lab calendar, counted from today) */
const daysLeft = (validTo: string) => Math.round((new Date(`${validTo}T00:00:00+08:00`).getTime() - new Date(`${dayjs().format('YYYY-MM-DD')}T00:00:00+08:00`).getTime()) / DAY);

const columns: TableColumnsType<AdminCertificate> = [
  { title: '证书图片', dataIndex: 'imgUrl', width: 150, render: (url: string, c) => <PictureThumb src={url} alt={c.name} /> },
  {
    title: '证书',
    dataIndex: 'name',
    render: (name: string, c) => (
      <>
        <span className="content-cell-title">{name}</span> {c.demo ? <Tag color="orange">演示数据</Tag> : null}
        <div className="content-cell-note">
          编号 {c.number} · {c.issuer}
        </div>
      </>
    ),
  },
  {
    title: '有效期',
    key: 'valid',
    width: 230,
    render: (_, c) => {
      const left = daysLeft(c.validTo);
      return (
        <>
          {c.validFrom} 至 {c.validTo}
          <div>{c.expired ? <Tag color="red">已过期，前台不展示</Tag> : left <= 30 ? <Tag color="gold">{left} 天后到期</Tag> : <Tag color="green">有效</Tag>}</div>
        </>
      );
    },
  },
];

interface Values {
  name: string;
  img: string;
  number: string;
  issuer: string;
  scope: string;
  validFrom: Dayjs | null;
  validTo: Dayjs | null;
  sort: number | null;
  demo: boolean;
}

const day = (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : '');

/** Adds or edits a certificate of /license. */
const dialog: CrudDialogConfig<AdminCertificate, Values, typeof certificateAddBody> = {
  name: 'certificate',
  schema: certificateAddBody,
  initialValues: { name: '', img: '', number: '', issuer: '', scope: '', validFrom: null, validTo: null, sort: null, demo: false },
  values: (c) => ({ name: c.name, img: c.img, number: c.number, issuer: c.issuer, scope: c.scope, validFrom: dayjs(c.validFrom), validTo: dayjs(c.validTo), sort: c.sort, demo: c.demo }),
  body: (values) => ({ ...values, validFrom: day(values.validFrom), validTo: day(values.validTo), sort: values.sort ?? undefined, demo: values.demo ? '1' : '0' }),
  add: addCertificate,
  edit: (body, c) => editCertificate({ ...body, id: c.id }),
  editTitle: (c) => `编辑资质证书：${c.name}`,
  width: 640,
  fields: () => (
    <>
      <div className="content-form-row">
        <Form.Item label="证书名称" name="name" required style={{ flex: 2, minWidth: 220 }}>
          <Input maxLength={60} placeholder="如：CNAS 实验室认可证书" />
        </Form.Item>
        <Form.Item label="证书编号" name="number" required style={{ flex: 1, minWidth: 160 }}>
          <Input maxLength={60} placeholder="以证书原件为准" />
        </Form.Item>
      </div>
      <Form.Item label="发证机构" name="issuer" required>
        <Input maxLength={60} placeholder="如：中国合格评定国家认可委员会" />
      </Form.Item>
      <Form.Item label="认可范围" name="scope" extra="证书附件所列的检测项目或范围概述">
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <div className="content-form-row">
        <Form.Item label="有效期起" name="validFrom" required style={{ flex: 1, minWidth: 160 }}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="有效期至" name="validTo" required style={{ flex: 1, minWidth: 160 }} extra="过期后前台自动不再展示；到期前 30 天提醒管理员">
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="排序" name="sort" style={{ width: 120 }} extra="小的在前">
          <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <Form.Item label="证书图片" name="img" required extra="证书扫描件或照片，建议横版 1200×848；PNG、JPG 或 WEBP，不超过 5MB">
        <ImageUpload aria-label="上传证书图片" />
      </Form.Item>
      <Form.Item label="演示数据" name="demo" valuePropName="checked" extra="演示用的示意证书：前台标为“示例证书”，不显示编号">
        <Switch checkedChildren="是" unCheckedChildren="否" />
      </Form.Item>
    </>
  ),
};

/** /admin/content/certificates: the qualification certificates of /license. */
export default function CertificatesPage() {
  const query = useCertificates();
  const list = query.data ?? [];
  const shown = list.filter((c) => !c.expired).length;
  return (
    <CrudList
      title="资质证书"
      description={`“资质证书”页展示有效期内的证书，当前 ${shown} 张；过期的证书自动不再展示，到期前 30 天在“系统提醒”中提醒管理员。标为“演示数据”的证书在前台显示为示例证书，不显示编号。`}
      noun="资质证书"
      rowKey="id"
      label={(c) => c.name}
      query={query}
      refresh={contentKeys.all}
      columns={columns}
      scrollX={760}
      remove={deleteCertificate}
      dialog={dialog}
    />
  );
}
