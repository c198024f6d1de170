import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { App, AutoComplete, Button, Form, Input, InputNumber, Result, Select, Skeleton, Switch, Tag } from 'antd';
import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { serviceTypeLabels, type AdminServiceItem } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { ImageUpload } from '../../../components/admin/image-upload';
import { RichTextField } from '../../../components/admin/rich-text-field';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { settled } from '../../../lib/use-api-mutation';
import { useServiceGroups } from '../api/list-groups';
import { useServiceItem } from '../api/get-item';
import { useCatalogMutation } from '../api/save-group';
import { addServiceItem, publishServiceItem, updateServiceItem } from '../api/save-item';
import { emptyItemValues, itemFormProblem, toItemForm, toItemFormValues, type ItemFormValues } from '../components/item-form-values';
import { OptionsEditor } from '../components/options-editor';
import '../components/admin-catalog.css';

const typeOptions = [1, 2, 3].map((id) => ({ value: id, label: serviceTypeLabels[id] }));
const unitOptions = ['样品', '小时', '元素', '张', '体系', '指标', '模型'].map((value) => ({ value }));

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

function ItemForm({ item }: { item: AdminServiceItem | null }) {
  const [form] = Form.useForm<ItemFormValues>();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const groups = useServiceGroups();
  const initial = useMemo(() => (item ? toItemFormValues(item) : emptyItemValues()), [item]);
  const typeId = Form.useWatch('typeId', form) ?? initial.typeId;
  const groupId = Form.useWatch('groupId', form);
  const price = Form.useWatch('price', form);
  const unit = Form.useWatch('unit', form);
  const save = useCatalogMutation((values: ItemFormValues) => {
    const body = toItemForm(values);
    return item ? updateServiceItem(item.rid, body) : addServiceItem(body);
  });
  const publish = useCatalogMutation((published: boolean) => publishServiceItem(item!.rid, published));

  useEffect(() => form.setFieldsValue(initial), [form, initial]);

  const groupOptions = (groups.data ?? [])
    .filter((g) => g.typeId === typeId)
    .map((g) => ({ value: g.id, label: g.visible ? g.name : `${g.name}（已隐藏）` }));
  const childOptions = (groups.data ?? []).find((g) => g.id === groupId)?.children.map((c) => ({ value: c.id, label: c.name })) ?? [];

  const submit = async () => {
    const values = form.getFieldsValue(true) as ItemFormValues;
    // the contract's schema first, so the page shows the server's own message without a call
    const problem = itemFormProblem(toItemForm(values));
    if (problem) return feedback.failure(new Error(problem));
    save.mutate(values, {
      onSuccess: (saved) => {
        if (item) {
          feedback.success('服务项目已保存');
        } else {
          feedback.success('服务项目已添加并上架');
          navigate(`/admin/catalog/items/${(saved as { rid: string }).rid}`, { replace: true });
        }
      },
    });
  };

  const togglePublished = () => {
    if (!item) return;
    const next = !item.published;
    modal.confirm({
      title: next ? `上架「${item.name}」？` : `下架「${item.name}」？`,
      content: next ? '上架后客户可以在网站上看到并下单。' : '下架后网站上立即看不到该项目，客户也不能再下单；已有订单和计划不受影响。',
      okText: next ? '上架' : '下架',
      okButtonProps: { danger: !next },
      cancelText: '取消',
      onOk: () =>
        settled(
          publish.mutateAsync(next, {
            onSuccess: () => {
              feedback.success(next ? '服务项目已上架' : '服务项目已下架');
            },
          }),
        ),
    });
  };

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
      <Form<ItemFormValues> form={form} layout="vertical" className="cat-form" initialValues={initial} requiredMark onFinish={() => void submit()}>
        <AdminSection title="基本信息">
          <div className="cat-form-grid">
            <Form.Item label="项目名称" name="name" required className="is-wide">
              <Input maxLength={100} placeholder="例如 XRD 粉末衍射（物相分析）" />
            </Form.Item>
            <Form.Item label="服务类型" name="typeId" required>
              <Select options={typeOptions} onChange={() => form.setFieldsValue({ groupId: undefined, childId: null })} />
            </Form.Item>
            <Form.Item label="所属分类" name="groupId" required extra={groupOptions.length === 0 && !groups.isLoading ? <Link to="/admin/catalog/groups">该类型下还没有分类，先去添加</Link> : undefined}>
              <Select options={groupOptions} loading={groups.isLoading} placeholder="选择分类" showSearch optionFilterProp="label" onChange={() => form.setFieldValue('childId', null)} />
            </Form.Item>
            <Form.Item label="子类" name="childId" extra="选填；首页分类标签按子类筛选">
              <Select options={childOptions} allowClear placeholder={groupId === undefined ? '先选择分类' : childOptions.length ? '选择子类' : '该分类没有子类'} disabled={childOptions.length === 0} />
            </Form.Item>
            <Form.Item label="仪器型号" name="model">
              <Input maxLength={100} placeholder="例如 Bruker D8 Advance" />
            </Form.Item>
            <Form.Item label="项目图片" name="img" required className="is-wide" extra="PNG、JPG 或 WEBP，不超过 5MB；建议 4:3 横图">
              <ImageUpload aria-label="上传项目图片" />
            </Form.Item>
            <Form.Item label="简介" name="sketch" className="is-wide" extra="一句话说明测试内容，显示在列表和详情页标题下">
              <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
            <Form.Item label="实验室地点" name="labLocation">
              <Input maxLength={100} placeholder="例如 上海·徐汇 科研检测中心 3 号楼" />
            </Form.Item>
            <Form.Item label="排序" name="sort" extra="数字小的排在前面（0–9999）">
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item label="首页热门" name="hot" valuePropName="checked" extra="显示在首页「热门项目」中">
              <Switch checkedChildren="热门" unCheckedChildren="否" />
            </Form.Item>
            <Form.Item label="可预约机时" name="reservable" valuePropName="checked" extra="详情页显示机时预约日历，按小时下单">
              <Switch checkedChildren="可预约" unCheckedChildren="否" />
            </Form.Item>
          </div>
        </AdminSection>

        <AdminSection title="价格与选项">
          <div className="cat-price-row">
            <Form.Item label="价格（元）" name="price" required>
              <Input prefix="¥" inputMode="decimal" placeholder="例如 60.00" />
            </Form.Item>
            <Form.Item label="计价单位" name="unit" required>
              <AutoComplete options={unitOptions} placeholder="样品、小时、元素…" />
            </Form.Item>
          </div>
          <Form.Item label="测试选项" name="options" extra="客户下单时每个选项选一个值，选项值的加价计入单价">
            <OptionsEditor basePrice={price} unit={unit} />
          </Form.Item>
        </AdminSection>

        <AdminSection title="详情介绍">
          <Form.Item name="description" noStyle>
            <RichTextField aria-label="详情介绍" />
          </Form.Item>
        </AdminSection>

        <AdminSection title="样品要求与周期">
          <Form.Item label="样品要求" name="sampleRequirements">
            <Input.TextArea maxLength={2000} showCount autoSize={{ minRows: 3, maxRows: 8 }} placeholder="样品形态、用量、尺寸及寄送注意事项" />
          </Form.Item>
          <Form.Item label="测试周期" name="turnaround">
            <Input maxLength={50} placeholder="例如 3–5 个工作日" style={{ maxWidth: 320 }} />
          </Form.Item>
        </AdminSection>

        <AdminSection title="常见问题">
          <Form.List name="faq">
            {(fields, { add, remove }) => (
              <>
                {fields.length === 0 && <p className="admin-muted">还没有常见问题；客户常问的问题写在这里，能减少咨询。</p>}
                {fields.map((field, index) => (
                  <div className="cat-list-card" key={field.key}>
                    <Button className="cat-list-card-remove" type="text" danger icon={<DeleteOutlined />} aria-label={`删除问题${index + 1}`} onClick={() => remove(field.name)} />
                    <Form.Item label={`问题 ${index + 1}`} name={[field.name, 'question']} required>
                      <Input maxLength={200} />
                    </Form.Item>
                    <Form.Item label="解答" name={[field.name, 'answer']} required>
                      <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
                    </Form.Item>
                  </div>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= 30} onClick={() => add({ question: '', answer: '' })}>
                  添加问题
                </Button>
              </>
            )}
          </Form.List>
        </AdminSection>

        <AdminSection title="结果示例">
          <Form.List name="examples">
            {(fields, { add, remove }) => (
              <>
                {fields.length === 0 && <p className="admin-muted">还没有结果示例；上传典型的图谱或照片，让客户知道会拿到什么。</p>}
                <div className="cat-examples">
                  {fields.map((field, index) => (
                    <div className="cat-list-card" key={field.key}>
                      <Button className="cat-list-card-remove" type="text" danger icon={<DeleteOutlined />} aria-label={`删除示例${index + 1}`} onClick={() => remove(field.name)} />
                      <Form.Item label={`示例 ${index + 1}`} name={[field.name, 'img']} required>
                        <ImageUpload aria-label={`上传示例图片${index + 1}`} />
                      </Form.Item>
                      <Form.Item label="图片说明" name={[field.name, 'caption']}>
                        <Input maxLength={100} placeholder="例如 典型 XRD 图谱" />
                      </Form.Item>
                    </div>
                  ))}
                </div>
                <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= 12} onClick={() => add({ img: '', caption: '' })} style={{ marginTop: fields.length ? 12 : 0 }}>
                  添加示例
                </Button>
              </>
            )}
          </Form.List>
        </AdminSection>

        <AdminSection title="搜索关键词">
          <Form.Item name="keywords" extra="客户搜索这些词时能找到该项目（名称和型号本身已可搜索）；输入后回车，最多 20 个">
            <Select mode="tags" tokenSeparators={[',', '，', '、', ' ']} open={false} suffixIcon={null} placeholder="例如 xrd、物相、晶体结构" aria-label="搜索关键词" />
          </Form.Item>
        </AdminSection>

        <div className="cat-save-bar">
          <Button onClick={() => navigate('/admin/catalog/items')}>返回列表</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {item ? '保存' : '保存并上架'}
          </Button>
        </div>
      </Form>
    </AdminPage>
  );
}
