import { AutoComplete, Form, Input, Select, Tag, type TableColumnsType } from 'antd';
import { hotAreaAddBody, serviceTypeLabels, type AdminHotArea } from '@lab/contract';
import { CrudList } from '../../../components/admin/crud-list';
import type { CrudDialogConfig } from '../../../components/admin/crud-dialog';
import { ImageUpload } from '../../../components/admin/image-upload';
import { useTypeGroups } from '../../catalog/api/catalog/type-groups';
import { contentKeys } from '../api/keys';
import { useHotAreas } from '../api/list-hot-areas';
import { addHotArea, deleteHotArea, editHotArea, reorderHotAreas, setHotAreaVisible } from '../api/save-hot-area';
import { PictureThumb } from '../components/picture-thumb';
import { SortVisibleFields, sortVisibleBody } from '../components/sort-visible-fields';
import '../components/content.css';

const projectPath = (area: AdminHotArea) => `/project/${area.typeId}/${encodeURIComponent(area.title)}`;

const columns: TableColumnsType<AdminHotArea> = [
  { title: '图片', dataIndex: 'imgUrl', width: 170, render: (url: string, area) => <PictureThumb src={url} alt={area.name} /> },
  {
    title: '名称与简介',
    key: 'name',
    render: (_, area) => (
      <>
        <div className="content-cell-title">{area.name}</div>
        {area.sketch && <div className="content-cell-note">{area.sketch}</div>}
      </>
    ),
  },
  {
    title: '打开分类',
    key: 'title',
    width: 200,
    render: (_, area) => (
      <a href={projectPath(area)} target="_blank" rel="noopener noreferrer">
        <Tag>{serviceTypeLabels[area.typeId] ?? area.typeId}</Tag>
        {area.title}
      </a>
    ),
  },
];

const typeOptions = [1, 2, 3].map((typeId) => ({ value: typeId, label: serviceTypeLabels[typeId] }));

/** 服务类型 and the category of that type the card opens (picked from the type's groups, or typed). */
function CategoryFields() {
  const form = Form.useFormInstance();
  const typeId = Form.useWatch('typeId', form) as number | undefined;
  const groups = useTypeGroups(typeId, { enabled: typeId !== undefined });
  return (
    <div className="content-form-row">
      <Form.Item label="服务类型" name="typeId" required style={{ minWidth: 160 }}>
        <Select options={typeOptions} onChange={() => form.setFieldValue('title', '')} aria-label="服务类型" />
      </Form.Item>
      <Form.Item label="跳转分类" name="title" required extra="点击卡片打开该分类的项目列表" style={{ flex: 1, minWidth: 220 }}>
        <AutoComplete
          options={(groups.data ?? []).map((group) => ({ value: group.name }))}
          placeholder="选择或输入分类名称"
          filterOption={(input, option) => String(option?.value ?? '').includes(input)}
          aria-label="跳转分类"
        />
      </Form.Item>
    </div>
  );
}

interface Values {
  name: string;
  img: string;
  sketch: string;
  typeId: number;
  title: string;
  sort: number | null;
  visible: boolean;
}

/** Adds or edits a hot area: its card (name, picture, sketch) and the service category it opens. */
const dialog: CrudDialogConfig<AdminHotArea, Values, typeof hotAreaAddBody> = {
  name: 'hot-area',
  schema: hotAreaAddBody,
  initialValues: { name: '', img: '', sketch: '', typeId: 1, title: '', sort: null, visible: true },
  values: (area) => ({ name: area.name, img: area.img, sketch: area.sketch, typeId: area.typeId, title: area.title, sort: area.sort, visible: area.visible }),
  body: sortVisibleBody,
  add: addHotArea,
  edit: (body, area) => editHotArea({ ...body, id: area.id }),
  editTitle: (area) => `编辑热门专区：${area.name}`,
  width: 600,
  fields: () => (
    <>
      <Form.Item label="名称" name="name" required>
        <Input maxLength={30} showCount placeholder="如：新能源电池专区" />
      </Form.Item>
      <Form.Item label="图片" name="img" required extra="卡片配图，建议 16:9（如 800×450）；PNG、JPG 或 WEBP，不超过 5MB">
        <ImageUpload aria-label="上传专区图片" />
      </Form.Item>
      <Form.Item label="简介" name="sketch">
        <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} placeholder="一句话说明专区包含的测试" />
      </Form.Item>
      <CategoryFields />
      <SortVisibleFields />
    </>
  ),
};

/** /admin/content/hot-areas: the home page's 热门专区 cards and the categories they open. */
export default function HotAreasPage() {
  const query = useHotAreas();
  return (
    <CrudList
      title="热门专区"
      description="首页“热门专区”的卡片，点击打开对应分类的项目列表；保存后首页立即更新。"
      noun="热门专区"
      rowKey="id"
      label={(area) => area.name}
      query={query}
      refresh={contentKeys.all}
      columns={columns}
      scrollX={860}
      reorder={reorderHotAreas}
      visible={{ call: setHotAreaVisible, onHome: true }}
      remove={deleteHotArea}
      dialog={dialog}
    />
  );
}
