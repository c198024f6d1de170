import { Button, Form, Input, Tag, type TableColumnsType } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { bannerAddBody, bannerLinkKind, type AdminBanner } from '@lab/contract';
import { CrudList } from '../../../components/admin/crud-list';
import type { CrudDialogConfig } from '../../../components/admin/crud-dialog';
import { ImageUpload } from '../../../components/admin/image-upload';
import { contentKeys } from '../api/keys';
import { useBanners } from '../api/list-banners';
import { addBanner, deleteBanner, editBanner, reorderBanners, setBannerVisible } from '../api/save-banner';
import { BannerLinkField } from '../components/banner-link-field';
import { PictureThumb } from '../components/picture-thumb';
import { SortVisibleFields, sortVisibleBody } from '../components/sort-visible-fields';
import '../components/content.css';

function BannerLink({ banner }: { banner: AdminBanner }) {
  const kind = bannerLinkKind(banner.redirect);
  if (kind === 'none') return <span className="admin-muted">不跳转</span>;
  if (kind === 'external') {
    return (
      <a className="content-link" href={banner.redirect!} target="_blank" rel="noopener noreferrer">
        <LinkOutlined /> {banner.redirect}
      </a>
    );
  }
  return banner.redirectItem ? (
    <a href={`/detail/${encodeURIComponent(banner.redirectItem.rid)}`} target="_blank" rel="noopener noreferrer">
      <Tag color="blue">服务项目</Tag>
      {banner.redirectItem.name}
    </a>
  ) : (
    <Tag color="error">项目已不存在：{banner.redirect}</Tag>
  );
}

const label = (banner: AdminBanner, index: number) => banner.title ?? `第 ${index + 1} 张`;

const columns: TableColumnsType<AdminBanner> = [
  { title: '图片', dataIndex: 'imgUrl', width: 170, render: (url: string, banner, index) => <PictureThumb src={url} alt={label(banner, index)} /> },
  {
    title: '标题与描述',
    key: 'title',
    render: (_, banner) => (
      <>
        <div className="content-cell-title">{banner.title ?? <span className="admin-muted">（无标题）</span>}</div>
        {banner.description && <div className="content-cell-note">{banner.description}</div>}
      </>
    ),
  },
  { title: '点击后', key: 'redirect', width: 240, render: (_, banner) => <BannerLink banner={banner} /> },
];

interface Values {
  img: string;
  title: string;
  description: string;
  redirect: string;
  sort: number | null;
  visible: boolean;
}

/** Adds a banner or edits one: picture, title and description over it, where it leads, order, shown or not. */
const dialog: CrudDialogConfig<AdminBanner, Values, typeof bannerAddBody> = {
  name: 'banner',
  schema: bannerAddBody,
  initialValues: { img: '', title: '', description: '', redirect: '', sort: null, visible: true },
  values: (banner) => ({ img: banner.img, title: banner.title ?? '', description: banner.description ?? '', redirect: banner.redirect ?? '', sort: banner.sort, visible: banner.visible }),
  body: sortVisibleBody,
  add: addBanner,
  edit: (body, banner) => editBanner({ ...body, id: banner.id }),
  width: 640,
  fields: (banner) => (
    <>
      <Form.Item label="图片" name="img" required extra="首页通栏大图，建议 1920×480 像素；PNG、JPG 或 WEBP，不超过 5MB">
        <ImageUpload aria-label="上传轮播图" />
      </Form.Item>
      <Form.Item label="标题" name="title" extra="选填，显示在图片上">
        <Input maxLength={60} showCount placeholder="如：一站式科研检测服务平台" />
      </Form.Item>
      <Form.Item label="描述" name="description" extra="选填，标题下方的一行说明">
        <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Form.Item label="点击后" name="redirect">
        <BannerLinkField itemName={banner?.redirectItem?.name ?? null} />
      </Form.Item>
      <SortVisibleFields />
    </>
  ),
};

/** /admin/content/banners: the home page's carousel — pictures, titles, links, order, shown or hidden. */
export default function BannersPage() {
  const query = useBanners();
  return (
    <CrudList
      title="轮播图"
      description="首页顶部的大图轮播，按顺序每 5 秒切换；保存后首页立即更新。提到仪器数、完成订单数、客户数或成立年份时，请写 {{instruments}}、{{ordersDone}}、{{customers}}、{{years}}、{{founded}}，网站按实际数据填入，不要直接写数字。"
      noun="轮播图"
      rowKey="id"
      label={label}
      query={query}
      refresh={contentKeys.all}
      columns={columns}
      scrollX={900}
      extra={
        <Button href="/" target="_blank">
          查看首页
        </Button>
      }
      reorder={reorderBanners}
      visible={{ call: setBannerVisible, onHome: true }}
      remove={deleteBanner}
      dialog={dialog}
    />
  );
}
