import { Form, Input, type TableColumnsType } from 'antd';
import { partnerAddBody, type AdminPartner } from '@lab/contract';
import { CrudList } from '../../../components/admin/crud-list';
import type { CrudDialogConfig } from '../../../components/admin/crud-dialog';
import { ImageUpload } from '../../../components/admin/image-upload';
import { contentKeys } from '../api/keys';
import { usePartners } from '../api/list-partners';
import { addPartner, deletePartner, editPartner, reorderPartners, setPartnerVisible } from '../api/save-partner';
import { PictureThumb } from '../components/picture-thumb';
import { SortVisibleFields, sortVisibleBody } from '../components/sort-visible-fields';
import '../components/content.css';

const columns: TableColumnsType<AdminPartner> = [
  { title: '标志', dataIndex: 'imgUrl', width: 170, render: (url: string, partner) => <PictureThumb src={url} alt={partner.name} /> },
  { title: '机构名称', dataIndex: 'name', render: (name: string) => <span className="content-cell-title">{name}</span> },
];

interface Values {
  name: string;
  img: string;
  sort: number | null;
  visible: boolean;
}

/** Adds or edits a partner logo of the home page's strip. */
const dialog: CrudDialogConfig<AdminPartner, Values, typeof partnerAddBody> = {
  name: 'partner',
  schema: partnerAddBody,
  initialValues: { name: '', img: '', sort: null, visible: true },
  values: (partner) => ({ name: partner.name, img: partner.img, sort: partner.sort, visible: partner.visible }),
  body: sortVisibleBody,
  add: addPartner,
  edit: (body, partner) => editPartner({ ...body, id: partner.id }),
  editTitle: (partner) => `编辑合作机构：${partner.name}`,
  fields: () => (
    <>
      <Form.Item label="机构名称" name="name" required extra="同时作为标志图片的替代文字">
        <Input maxLength={60} showCount placeholder="如：华东材料研究院" />
      </Form.Item>
      <Form.Item label="标志" name="img" required extra="透明或白底的横版标志，建议 320×120；PNG、JPG 或 WEBP，不超过 5MB">
        <ImageUpload square aria-label="上传机构标志" />
      </Form.Item>
      <SortVisibleFields />
    </>
  ),
};

/** /admin/content/partners: the logos of the home page's 合作机构 strip, in order. */
export default function PartnersPage() {
  const query = usePartners();
  const shown = (query.data ?? []).filter((partner) => partner.visible).length;
  return (
    <CrudList
      title="合作机构"
      description={`首页底部的合作机构标志滚动条，当前显示 ${shown} 个；宽屏一次显示 4 个，手机 2 个。`}
      noun="合作机构"
      rowKey="id"
      label={(partner) => partner.name}
      query={query}
      refresh={contentKeys.all}
      columns={columns}
      scrollX={680}
      reorder={reorderPartners}
      visible={{ call: setPartnerVisible, onHome: true }}
      remove={deletePartner}
      dialog={dialog}
    />
  );
}
