import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { requiredText } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { sendContract, useRequirementMutation } from '../api/save-requirement';
import { useMemberPicker } from '../api/search-members';

/** the server's limits for a lab contract: PDF, PNG, JPG or ZIP, at most 10 MB */
export const CONTRACT_MAX_BYTES = 10 * 1024 * 1024;
const CONTRACT_TYPES = /\.(pdf|png|jpe?g|zip)$/i;
const titleField = requiredText('合同名称', 100);

/** The first problem of the form, in the server's words; null when it can be sent. */
export function contractProblem(input: { memberRid: string | undefined; title: string; file: File | null }): string | null {
  if (!input.memberRid) return '[客户]不能为空';
  const title = titleField.safeParse(input.title);
  if (!title.success) return title.error.issues[0]?.message ?? '[合同名称]不能为空';
  if (!input.file) return '[文件]不能为空';
  if (!CONTRACT_TYPES.test(input.file.name)) return '仅支持 PDF、PNG、JPG 或 ZIP 文件';
  if (input.file.size > CONTRACT_MAX_BYTES) return '文件不能超过10MB';
  return null;
}

/** 上传合同: the lab's contract for a member to download, sign and upload back (the member is told by SMS and in-site). */
export function ContractSendModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [keyword, setKeyword] = useState('');
  const [memberRid, setMemberRid] = useState<string | undefined>();
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const members = useMemberPicker(keyword);
  const send = useRequirementMutation(sendContract);

  const reset = () => {
    setKeyword('');
    setMemberRid(undefined);
    setTitle('');
    setFile(null);
  };

  const submit = async () => {
    const problem = contractProblem({ memberRid, title, file });
    if (problem) return feedback.failure(new Error(problem));
    send.mutate({ memberRid: memberRid!, title: title.trim(), file: file! }, {
      onSuccess: () => {
        feedback.success('合同已发送给客户');
        reset();
        onClose();
      },
    });
  };

  const options = (members.data?.list ?? []).map((m) => ({ value: m.rid, label: `${m.name || m.nickname}（${m.phone}）${m.company ? ` · ${m.company}` : ''}` }));

  return (
    <Modal title="上传合同" open={open} onCancel={onClose} onOk={() => void submit()} okText="发送给客户" cancelText="取消" confirmLoading={send.isPending} destroyOnHidden afterClose={reset}>
      <Form layout="vertical" requiredMark>
        <Form.Item label="客户" required extra="输入手机号、姓名或单位（至少2个字）查找">
          <Select
            showSearch
            aria-label="客户"
            placeholder="查找会员"
            filterOption={false}
            value={memberRid}
            onSearch={setKeyword}
            onChange={setMemberRid}
            options={options}
            loading={members.isFetching}
            notFoundContent={keyword.trim().length < 2 ? '请输入至少2个字' : '没有找到会员'}
          />
        </Form.Item>
        <Form.Item label="合同名称" required>
          <Input aria-label="合同名称" maxLength={100} value={title} onChange={(event) => setTitle(event.target.value)} placeholder="例如：2027 年度框架检测服务合同" />
        </Form.Item>
        <Form.Item label="合同文件" required extra="PDF、PNG、JPG 或 ZIP，不超过 10MB；客户下载后签字盖章并上传签署件">
          <Upload
            accept=".pdf,.png,.jpg,.jpeg,.zip"
            maxCount={1}
            beforeUpload={(chosen) => {
              setFile(chosen);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: 'contract', name: file.name, status: 'done' }] : []}
          >
            <Button icon={<UploadOutlined />}>选择文件</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
