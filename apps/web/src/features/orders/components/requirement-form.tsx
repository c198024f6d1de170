import { Button, DatePicker, Form, Input, Upload } from 'antd';
import { PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { useRef, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { requirementAddBody, type Requirement, type RequirementAddBody } from '@lab/contract';
import { SchemaForm } from '../../../components/schema-form';
import { memberDataKeys } from '../../../api/refresh';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { feedback } from '../../../lib/feedback';
import { useAfterLogin } from '../../../lib/use-after-login';
import { useSession } from '../../../lib/session';
import { addRequirement } from '../api/add-requirement';
import { uploadRequirementFile } from '../api/upload-requirement-file';
import { REQUIREMENT_FILES_MAX, REQUIREMENT_FILE_MAX_MB, requirementFileAccept, requirementFileProblem } from './requirement-files';
import '../../../components/member/member-forms.css';

interface Values {
  title?: string;
  content?: string;
  samples?: string;
  budget?: string;
  deadline?: Dayjs | null;
  contact?: string;
  phone?: string;
}

/** The form's values as the contract's body (the deadline as YYYY-MM-DD). */
export const toRequirementBody = (values: Values) => ({
  title: values.title,
  content: values.content,
  samples: values.samples,
  budget: values.budget,
  deadline: values.deadline ? values.deadline.format('YYYY-MM-DD') : undefined,
  contact: values.contact,
  phone: values.phone,
});

export interface SubmittedRequirement {
  requirement: Requirement;
  /** attachments that could not be uploaded, with the reason */
  failed: { name: string; reason: string }[];
}

/**
 * 提交测试需求: what to test, the samples, budget, wished deadline and contact; attachments
 * are checked here and uploaded one by one after demand/add has answered the requirement.
 * A visitor fills it in like a member: 提交需求 checks it, asks for the login, and sends what
 * was typed (attachments too) once they have logged in; closing the login panel sends nothing
 * and leaves the form as it was.
 */
export function RequirementForm({ initial, onSubmitted }: { initial: Partial<Pick<Values, 'contact' | 'phone' | 'title'>>; onSubmitted: (result: SubmittedRequirement) => void }) {
  const [form] = Form.useForm<Values>();
  const [files, setFilesState] = useState<File[]>([]);
  // beforeUpload runs once per chosen file, before React re-renders: count from a ref
  const filesRef = useRef<File[]>([]);
  const setFiles = (next: File[]) => {
    filesRef.current = next;
    setFilesState(next);
  };
  const add = useApiMutation({
    // the requirement, then its files one by one: a file that fails is listed on the result page, the requirement stands
    mutationFn: async (body: RequirementAddBody): Promise<SubmittedRequirement> => {
      let requirement = await addRequirement(body);
      const failed: SubmittedRequirement['failed'] = [];
      for (const file of files) {
        try {
          requirement = await uploadRequirementFile(requirement.rid, file);
        } catch (error) {
          failed.push({ name: file.name, reason: error instanceof Error ? error.message : '上传失败' });
        }
      }
      return { requirement, failed };
    },
    invalidates: memberDataKeys,
    onSuccess: (result) => onSubmitted(result),
  });

  // a visitor's checked requirement waits for the login (the panel stays over this page, so the form, files included, is still here)
  const session = useSession();
  const afterLogin = useAfterLogin((body: RequirementAddBody) => add.mutate(body));

  return (
    <SchemaForm
      form={form}
      name="requirement"
      schema={requirementAddBody}
      body={toRequirementBody}
      layout="vertical"
      className="member-form rq-form"
      initialValues={initial}
      onSubmit={afterLogin.request}
      requiredMark
    >
      <Form.Item label="测试需求" name="title" required>
        <Input maxLength={100} showCount placeholder="例如：锂电正极材料的物相与形貌表征" />
      </Form.Item>
      <Form.Item label="需求描述" name="content" required extra="测试目的、希望获得的数据或图谱、参考标准或文献等，越详细报价越准确。">
        <Input.TextArea maxLength={2000} autoSize={{ minRows: 4, maxRows: 10 }} />
      </Form.Item>
      <Form.Item label="样品信息" name="samples" required extra="样品名称、数量、形态（粉末 / 薄膜 / 液体 / 块体）、成分及是否有毒、易燃、磁性等。">
        <Input.TextArea maxLength={500} autoSize={{ minRows: 3, maxRows: 6 }} />
      </Form.Item>
      <div className="member-form-grid">
        <Form.Item label="预算" name="budget">
          <Input maxLength={40} placeholder="例如：5000 元以内" />
        </Form.Item>
        <Form.Item label="期望完成日期" name="deadline">
          <DatePicker style={{ width: '100%' }} inputReadOnly showNow={false} placeholder="选择日期" disabledDate={(d) => d.isBefore(dayjs().startOf('day'))} />
        </Form.Item>
        <Form.Item label="联系人" name="contact" required>
          <Input maxLength={40} autoComplete="name" />
        </Form.Item>
        <Form.Item label="联系电话" name="phone" required>
          <Input maxLength={11} inputMode="numeric" autoComplete="tel" />
        </Form.Item>
      </div>
      <Form.Item label="附件" extra={`可上传样品照片、测试方案或参考文献，支持 PDF、PNG、JPG、ZIP，单个不超过 ${REQUIREMENT_FILE_MAX_MB} MB，最多 ${REQUIREMENT_FILES_MAX} 个。`}>
        <Upload
          multiple
          accept={requirementFileAccept}
          fileList={files.map((f, i) => ({ uid: `${i}-${f.name}`, name: f.name, status: 'done' as const, size: f.size }))}
          onRemove={(removed) => {
            setFiles(filesRef.current.filter((f, i) => `${i}-${f.name}` !== removed.uid));
            return true;
          }}
          beforeUpload={(file) => {
            // a file the server would refuse is not taken, as every upload refuses a chosen file
            const problem = requirementFileProblem(file) ?? (filesRef.current.length >= REQUIREMENT_FILES_MAX ? `最多上传 ${REQUIREMENT_FILES_MAX} 个附件` : null);
            if (problem) feedback.failure(new Error(`${file.name}：${problem}`));
            else setFiles([...filesRef.current, file]);
            return false;
          }}
        >
          <Button icon={<PaperClipOutlined />}>添加附件</Button>
        </Upload>
      </Form.Item>
      <div className="rq-form-actions">
        <Button type="primary" size="large" htmlType="submit" icon={<SendOutlined />} loading={add.isPending || afterLogin.waiting}>
          提交需求
        </Button>
        <span className="rq-muted">
          {session ? '提交后工程师会尽快评估并给出报价，报价可在「我的需求」中查看。' : '提交时请登录或注册（只需一分钟），填写的内容和附件会保留，登录后自动提交。'}
        </span>
      </div>
    </SchemaForm>
  );
}
