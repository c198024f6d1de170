import { Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';

/**
 * One file as a field of a SchemaForm (value / onChange from its Form.Item): chosen, replaced or
 * removed here, sent with the form's other fields; the form's schema says what is wrong with it.
 */
export function FileField({ value, onChange, accept, uid }: { value?: File | null; onChange?: (file: File | null) => void; accept: string; uid: string }) {
  return (
    <Upload
      accept={accept}
      maxCount={1}
      fileList={value ? [{ uid, name: value.name, status: 'done' }] : []}
      onRemove={() => onChange?.(null)}
      beforeUpload={(chosen) => {
        onChange?.(chosen);
        return Upload.LIST_IGNORE;
      }}
    >
      <Button icon={<UploadOutlined />}>{value ? '更换文件' : '选择文件'}</Button>
    </Upload>
  );
}
