import { Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { uploadSignedContract } from '../api/upload-contract';

const SIGNED_MAX_MB = 10;
const acceptedName = /\.(pdf|png|jpe?g)$/i;

/** The problem with a chosen signed copy, or null: PDF, PNG or JPG, at most 10 MB. */
export function signedFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!acceptedName.test(file.name)) return '签署件仅支持 PDF、PNG 或 JPG 文件';
  if (file.size === 0) return '文件是空的，请重新选择';
  if (file.size > SIGNED_MAX_MB * 1024 * 1024) return `签署件不能超过 ${SIGNED_MAX_MB} MB`;
  return null;
}

/** 上传签署件: the signed contract or agreement (scan or photo); it then awaits the lab's confirmation. */
export function SignedUpload({ rid, again }: { rid: string; again: boolean }) {
  const upload = useApiMutation({ mutationFn: (file: File) => uploadSignedContract(rid, file), invalidates: memberDataKeys, onSuccess: () => feedback.success('签署件已上传，等待确认') });
  return (
    <Upload
      accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
      showUploadList={false}
      maxCount={1}
      beforeUpload={(file) => {
        const problem = signedFileProblem(file);
        if (problem) {
          feedback.failure(new Error(problem));
          return Upload.LIST_IGNORE;
        }
        upload.mutate(file);
        return false;
      }}
    >
      <Button size="small" type={again ? 'default' : 'primary'} icon={<UploadOutlined />} loading={upload.isPending}>
        {again ? '重新上传签署件' : '上传签署件'}
      </Button>
    </Upload>
  );
}
