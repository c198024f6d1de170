import { Link } from 'react-router';
import { AutoComplete, Button, Form, Input, InputNumber, Select, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { serviceTypeLabels } from '@lab/contract';
import { AdminSection } from '../../../components/admin/admin-page';
import { ImageUpload } from '../../../components/admin/image-upload';
import { RichTextField } from '../../../components/admin/rich-text-field';
import { OptionsEditor } from './options-editor';
import type { ItemFormState } from './use-item-form';

/** The sections of a service item's edit form (pages/item-edit-page.tsx), inside its antd Form. */

const typeOptions = [1, 2, 3].map((id) => ({ value: id, label: serviceTypeLabels[id] }));
const unitOptions = ['样品', '小时', '元素', '张', '体系', '指标', '模型'].map((value) => ({ value }));

export function BasicInfoSection({ editor }: { editor: ItemFormState }) {
  const { form, groups, groupId, groupOptions, childOptions } = editor;
  return (
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
  );
}

export function PriceSection({ editor }: { editor: ItemFormState }) {
  return (
    <AdminSection title="价格与选项">
      <div className="cat-price-row">
        <Form.Item label="价格（元）" name="price" required>
          <Input prefix="¥" inputMode="decimal" placeholder="例如 60.00" />
        </Form.Item>
        <Form.Item label="计价单位" name="unit" required>
          <AutoComplete options={unitOptions} placeholder="样品、小时、元素…" />
        </Form.Item>
      </div>
      <Form.Item label="测试选项" extra="客户下单时每个选项选一个值，选项值的加价计入单价">
        <OptionsEditor basePrice={editor.price} unit={editor.unit} />
      </Form.Item>
    </AdminSection>
  );
}

/** 详情介绍, then 样品要求与周期: the texts of the detail page. */
export function TextSections() {
  return (
    <>
      <AdminSection title="详情介绍">
        <Form.Item name="description" noStyle>
          <RichTextField aria-label="详情介绍" />
        </Form.Item>
      </AdminSection>

      <AdminSection title="样品要求与周期">
        <Form.Item label="样品要求" name="sampleRequirements">
          <Input.TextArea maxLength={2000} showCount autoSize={{ minRows: 3, maxRows: 8 }} placeholder="样品形态、用量、尺寸及寄送注意事项" />
        </Form.Item>
        <Form.Item label="制样说明" name="samplePrep" extra="如何制备与寄送样品，每段一行">
          <Input.TextArea maxLength={2000} showCount autoSize={{ minRows: 3, maxRows: 8 }} placeholder="研磨、分散、喷镀、封装等要点" />
        </Form.Item>
        <Form.Item label="测试周期" name="turnaround">
          <Input maxLength={50} placeholder="例如 3–5 个工作日" style={{ maxWidth: 320 }} />
        </Form.Item>
      </AdminSection>

      <AdminSection title="执行标准与报告">
        <Form.Item label="执行标准" name="standards" extra="每行一条，写明标准号、年份与名称，如 JY/T 0587-2020 多晶体X射线衍射方法通则；最多 12 条">
          <Input.TextArea maxLength={800} autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item label="报告内容" name="reportContents" extra="报告包含哪些内容，每行一项">
          <Input.TextArea maxLength={2000} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
        <Form.Item label="样例报告" name="sampleReport" extra="PDF 地址：/upload/img/reports/ 下的文件或 http(s) 地址；留空则不提供下载">
          <Input maxLength={500} placeholder="/upload/img/reports/xrd-sample-report.pdf" />
        </Form.Item>
      </AdminSection>
    </>
  );
}

export function FaqSection() {
  return (
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
  );
}

export function ExamplesSection() {
  return (
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
  );
}

export function KeywordsSection() {
  return (
    <AdminSection title="搜索关键词">
      <Form.Item name="keywords" extra="客户搜索这些词时能找到该项目（名称和型号本身已可搜索）；输入后回车，最多 20 个">
        <Select mode="tags" tokenSeparators={[',', '，', '、', ' ']} open={false} suffixIcon={null} placeholder="例如 xrd、物相、晶体结构" aria-label="搜索关键词" />
      </Form.Item>
    </AdminSection>
  );
}
