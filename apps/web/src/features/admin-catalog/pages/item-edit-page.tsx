import { Link, useParams } from 'react-router';
import { Button, Result, Skeleton, Tag } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { serviceItemBody, type AdminServiceItem } from '@lab/contract';
import { SchemaForm } from '../../../components/schema-form';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { formatDateTime } from '../../../lib/format';
import { useServiceItem } from '../api/get-item';
import { toItemForm } from '../components/item-form-values';
import { useItemForm } from '../components/use-item-form';
import { BasicInfoSection, ExamplesSection, FaqSection, KeywordsSection, PriceSection, TextSections } from '../components/item-form-sections';
import '../components/admin-catalog.css';

/** /admin/catalog/items/:rid (`new` for a new item): every field of a service item, in sections. */
export default function ItemEditPage() {
  const { rid: param = 'new' } = useParams();
  const rid = param === 'new' ? null : param;
  const item = useServiceItem(rid);
  const title = rid ? '编辑服务项目' : '新增服务项目';
  const parents = [{ title: '服务项目', to: '/admin/catalog/items' }];

  if (rid && item.isError) {
    return (
      <AdminPage title={title} parents={parents}>
        <AdminSection>
          <Result status="404" title="服务项目不存在" subTitle={item.error instanceof Error ? item.error.message : undefined} extra={<Link to="/admin/catalog/items">返回服务项目</Link>} />
        </AdminSection>
      </AdminPage>
    );
  }
  if (rid && !item.data) {
    return (
      <AdminPage title={title} parents={parents}>
        <AdminSection>
          <Skeleton active paragraph={{ rows: 10 }} />
        </AdminSection>
      </AdminPage>
    );
  }
  // a fresh form per item, so switching items never mixes their values
  return <ItemForm key={rid ?? 'new'} item={item.data ?? null} />;
}

/** The form's state, save and 上架/下架 are useItemForm's; each card is a section (components/item-form-sections.tsx). */
function ItemForm({ item }: { item: AdminServiceItem | null }) {
  const editor = useItemForm(item);
  const { form, initial, save, publish, submit, togglePublished, back } = editor;

  // the description is a paragraph: inline content only
  const description = item ? (
    <>
      {item.published ? <Tag color="success">已上架</Tag> : <Tag>已下架</Tag>}
      {item.orderCount.toLocaleString('en-US')} 单 · 最近修改 {formatDateTime(item.updatedAt)}
    </>
  ) : (
    '保存后立即上架，客户可以在网站上看到并下单。'
  );

  return (
    <AdminPage
      title={item ? item.name : '新增服务项目'}
      description={description}
      parents={[{ title: '服务项目', to: '/admin/catalog/items' }]}
      extra={
        item && (
          <>
            <Button icon={<EyeOutlined />} href={`/detail/${encodeURIComponent(item.rid)}`} target="_blank" disabled={!item.published}>
              查看网站页面
            </Button>
            <Button danger={item.published} loading={publish.isPending} onClick={togglePublished}>
              {item.published ? '下架' : '上架'}
            </Button>
          </>
        )
      }
    >
      <SchemaForm
        form={form}
        name="service-item"
        schema={serviceItemBody}
        body={toItemForm}
        layout="vertical"
        className="cat-form"
        initialValues={initial}
        requiredMark
        onSubmit={(_checked, values) => submit(values)}
      >
        <BasicInfoSection editor={editor} />
        <PriceSection editor={editor} />
        <TextSections />
        <FaqSection />
        <ExamplesSection />
        <KeywordsSection />

        <div className="cat-save-bar">
          <Button onClick={back}>返回列表</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {item ? '保存' : '保存并上架'}
          </Button>
        </div>
      </SchemaForm>
    </AdminPage>
  );
}
