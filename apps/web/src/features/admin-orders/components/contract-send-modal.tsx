import { useEffect, useState } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { z } from 'zod';
import { requiredText } from '@lab/contract';
import { SchemaForm } from '../../../components/schema-form';
import { FileField } from '../../../components/admin/file-field';
import { feedback } from '../../../lib/feedback';
import { sendContract, useRequirementMutation } from '../api/save-requirement';
import { useMemberPicker } from '../../admin-member/api/search-members';

/** the server's limits for a lab contract: PDF, PNG, JPG or ZIP, at most 10 MB */
export const CONTRACT_MAX_BYTES = 10 * 1024 * 1024;
const CONTRACT_TYPES = /\.(pdf|png|jpe?g|zip)$/i;

/** The form's check, in the server's words: the member, the contract's name, its file. */
const contractSendSchema = z.object({
  memberRid: requiredText('客户', 40),
  title: requiredText('合同名称', 100),
  file: z.custom<File | null>().superRefine((file, ctx) => {
    const problem = !file ? '[文件]不能为空' : !CONTRACT_TYPES.test(file.name) ? '仅支持 PDF、PNG、JPG 或 ZIP 文件' : file.size > CONTRACT_MAX_BYTES ? '文件不能超过10MB' : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});

interface Values {
  memberRid?: string;
  title: string;
  file: File | null;
}

/** 上传合同: the lab's contract for a member to download, sign and upload back (the member is told by SMS and in-site). */
export function ContractSendModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const members = useMemberPicker(keyword);
  const send = useRequirementMutation(sendContract);

  // each time it opens, an empty form
  useEffect(() => {
    if (!open) return;
    setKeyword('');
    form.resetFields();
  }, [open, form]);

  const options = (members.data?.list ?? []).map((m) => ({ value: m.rid, label: `${m.name || m.nickname}（${m.phone}）${m.company ? ` · ${m.company}` : ''}` }));

  return (
    <Modal title="上传合同" open={open} onCancel={onClose} onOk={() => form.submit()} okText="发送给客户" cancelText="取消" confirmLoading={send.isPending} destroyOnHidden>
      <SchemaForm
        form={form}
        name="contract-send"
        schema={contractSendSchema}
        layout="vertical"
        requiredMark
        initialValues={{ title: '', file: null }}
        onSubmit={(checked) =>
          send.mutate({ memberRid: checked.memberRid, title: checked.title, file: checked.file! }, {
            onSuccess: () => {
              feedback.success('合同已发送给客户');
              onClose();
            },
          })
        }
      >
        <Form.Item label="客户" name="memberRid" required extra="输入手机号、姓名或单位（至少2个字）查找">
          <Select
            showSearch
            aria-label="客户"
            placeholder="查找会员"
            filterOption={false}
            onSearch={setKeyword}
            options={options}
            loading={members.isFetching}
            notFoundContent={keyword.trim().length < 2 ? '请输入至少2个字' : '没有找到会员'}
          />
        </Form.Item>
        <Form.Item label="合同名称" name="title" required>
          <Input aria-label="合同名称" maxLength={100} placeholder="例如：2027 年度框架检测服务合同" />
        </Form.Item>
        <Form.Item label="合同文件" name="file" required extra="PDF、PNG、JPG 或 ZIP，不超过 10MB；客户下载后签字盖章并上传签署件">
          <FileField accept=".pdf,.png,.jpg,.jpeg,.zip" uid="contract" />
        </Form.Item>
      </SchemaForm>
    </Modal>
  );
}
