import { Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { RECEIPT_MAX_BYTES } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { uploadReceipt } from '../api/upload-receipt';

const accepted = ['image/png', 'image/jpeg', 'application/pdf'];
const acceptedName = /\.(png|jpe?g|pdf)$/i;

/** The problem with a chosen file, or null: png / jpg / pdf, at most 10 MB. */
export function receiptProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!accepted.includes(file.type) && !acceptedName.test(file.name)) return '转账凭证仅支持 PNG、JPG 图片或 PDF 文件';
  if (file.size > RECEIPT_MAX_BYTES) return '转账凭证不能超过 10 MB';
  if (file.size === 0) return '文件是空的，请重新选择';
  return null;
}

/** 上传转账凭证 (multipart): checks type and size before sending. */
export function ReceiptUpload({ rid, hasReceipt }: { rid: string; hasReceipt: boolean }) {
  const upload = useApiMutation({ mutationFn: (file: File) => uploadReceipt(rid, file), invalidates: memberDataKeys, onSuccess: () => feedback.success('转账凭证已上传') });
  return (
    <Upload
      accept=".png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf"
      showUploadList={false}
      maxCount={1}
      beforeUpload={(file) => {
        const problem = receiptProblem(file);
        if (problem) {
          feedback.failure(new Error(problem));
          return Upload.LIST_IGNORE;
        }
        upload.mutate(file);
        return false;
      }}
    >
      <Button size="small" icon={<UploadOutlined />} loading={upload.isPending}>
        {hasReceipt ? '重新上传凭证' : '上传转账凭证'}
      </Button>
    </Upload>
  );
}
