import { DatePicker, Form, Input, Switch, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { thanksAddBody, type AdminThanks } from '@lab/contract';
import { CrudList, VisibleFilter } from '../../../components/admin/crud-list';
import type { CrudDialogConfig } from '../../../components/admin/crud-dialog';
import { useServerTable } from '../../../components/admin/use-server-table';
import { contentKeys } from '../api/keys';
import { useThanks } from '../api/list-thanks';
import { addThanks, deleteThanks, editThanks, setThanksVisible } from '../api/save-thanks';
import '../components/content.css';

const safeLink = (value: string | null) => (value && /^https?:\/\//i.test(value) ? value : null);

interface Values {
  company: string;
  title: string;
  code: string;
  content: string;
  sketch: string;
  source: string;
  published: Dayjs | null;
  visible: boolean;
}

/** Adds or edits a paper that acknowledges the lab: the home page's table and /list/thanks. */
const dialog: CrudDialogConfig<AdminThanks, Values, typeof thanksAddBody> = {
  name: 'thanks',
  schema: thanksAddBody,
  initialValues: { company: '', title: '', code: '', content: '', sketch: '', source: '', published: null, visible: true },
  values: (entry) => ({
    company: entry.company,
    title: entry.title,
    code: entry.code,
    content: entry.content,
    sketch: entry.sketch,
    source: entry.source ?? '',
    published: dayjs(entry.published),
    visible: entry.visible,
  }),
  body: (values) => ({ ...values, published: values.published ? values.published.format('YYYY-MM-DD') : undefined, visible: values.visible ? '1' : '0' }),
  add: addThanks,
  edit: (body, entry) => editThanks({ ...body, id: entry.id }),
  width: 640,
  fields: () => (
    <>
      <Form.Item label="作者单位" name="company" required>
        <Input maxLength={100} placeholder="如：华东理工大学 化学与分子工程学院" />
      </Form.Item>
      <div className="content-form-row">
        <Form.Item label="服务项目" name="title" required style={{ flex: 1, minWidth: 200 }}>
          <Input maxLength={100} placeholder="如：XPS、球差电镜" />
        </Form.Item>
        <Form.Item label="发表日期" name="published" extra="留空为今天" style={{ minWidth: 180 }}>
          <DatePicker placeholder="今天" style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <Form.Item label="期刊信息" name="code" required>
        <Input maxLength={200} placeholder="如：Advanced Materials, 2026, 38: 2405123" />
      </Form.Item>
      <Form.Item label="致谢内容" name="content" required extra="论文致谢部分提到本中心的原文">
        <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Form.Item label="文章摘要" name="sketch">
        <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Form.Item label="原文链接" name="source" extra="选填，如 https://doi.org/…">
        <Input maxLength={500} placeholder="https://" />
      </Form.Item>
      <Form.Item label="在网站上显示" name="visible" valuePropName="checked">
        <Switch checkedChildren="显示" unCheckedChildren="隐藏" />
      </Form.Item>
    </>
  ),
};

/** /admin/content/thanks: papers that acknowledge the lab (home page table, /list/thanks). */
export default function ThanksPage() {
  const table = useServerTable({ filters: { keyword: '', visible: '' }, sort: { field: 'publishedAt', order: 'descend' } });
  const thanks = useThanks(table.query);

  const columns: TableColumnsType<AdminThanks> = [
    {
      title: '期刊信息',
      key: 'code',
      render: (_, entry) => {
        const link = safeLink(entry.source);
        return (
          <>
            <div className="content-cell-title">{link ? <a href={link} target="_blank" rel="noopener noreferrer">{entry.code}</a> : entry.code}</div>
            {entry.sketch && <div className="content-cell-note">{entry.sketch}</div>}
          </>
        );
      },
    },
    { title: '作者单位', dataIndex: 'company', width: 220 },
    { title: '服务项目', dataIndex: 'title', width: 160 },
    { title: '发表日期', dataIndex: 'published', key: 'publishedAt', width: 120, sorter: true, sortOrder: table.sortOrderOf('publishedAt'), className: 'admin-nowrap' },
  ];

  return (
    <CrudList
      title="论文致谢"
      description="致谢本中心测试的论文：首页显示最新 5 篇，“论文致谢”列表显示全部；隐藏的不在网站上显示。"
      noun="论文致谢"
      rowKey="id"
      label={(entry) => entry.code}
      query={thanks}
      refresh={contentKeys.all}
      columns={columns}
      scrollX={1000}
      filters={
        <>
          <Input.Search allowClear placeholder="单位、服务项目或期刊" defaultValue={table.filters.keyword} onSearch={(keyword) => table.setFilters({ keyword })} aria-label="搜索论文致谢" />
          <VisibleFilter value={table.filters.visible} onChange={(visible) => table.setFilters({ visible })} />
        </>
      }
      table={table}
      empty={table.filters.keyword || table.filters.visible ? '没有符合条件的论文致谢' : '还没有论文致谢，点击右上角新增'}
      visible={{ call: setThanksVisible }}
      remove={deleteThanks}
      confirmDelete={(entry) => ({ title: '删除这条论文致谢？', content: `${entry.code}（${entry.company}）。删除后无法恢复；只想暂时不显示，可以关闭“显示”开关。` })}
      dialog={dialog}
    />
  );
}
