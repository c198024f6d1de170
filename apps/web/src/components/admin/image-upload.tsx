import { Button, Upload, type UploadProps } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { IMAGE_MAX_BYTES, type UploadedImage } from '@lab/contract';
import { images } from '../../features/admin-content/api/images';
import { feedback } from '../../lib/feedback';
import { useApiMutation } from '../../lib/use-api-mutation';

/** Uploads one picture (PNG, JPG or WEBP, ≤ 5 MB); the server checks the content again. */
export async function uploadImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return images.upload(form);
}

export const checkImageFile = (file: File): string | null => {
  if (!['image/png', 'image/jpeg', 'image/webp'].includes(file.type)) return '仅支持 PNG、JPG、WEBP 图片';
  if (file.size > IMAGE_MAX_BYTES) return `图片不能超过${IMAGE_MAX_BYTES / 1024 / 1024}MB`;
  return null;
};

/**
 * What an antd Upload needs to take one picture: PNG, JPG or WEBP up to the size limit (a
 * wrong file is refused with its reason before any call), uploaded through useApiMutation;
 * `onUploaded` gets the stored picture. `isPending` for the button.
 */
export function useImagePicker(onUploaded: (image: UploadedImage) => void): { props: UploadProps; isPending: boolean } {
  const upload = useApiMutation({ mutationFn: uploadImage });
  return {
    isPending: upload.isPending,
    props: {
      accept: 'image/png,image/jpeg,image/webp',
      showUploadList: false,
      beforeUpload: (file) => {
        const problem = checkImageFile(file);
        if (problem) {
          feedback.failure(new Error(problem));
          return Upload.LIST_IGNORE;
        }
        return true;
      },
      customRequest: ({ file, onSuccess, onError }) =>
        upload.mutate(file as File, {
          onSuccess: (image) => {
            onUploaded(image);
            onSuccess?.(image);
          },
          onError: (error) => onError?.(error),
        }),
    },
  };
}

interface ImageUploadProps {
  /** the stored path (/upload/img/…) or a full URL */
  value?: string | null;
  onChange?: (path: string) => void;
  /** a square box for logos and icons instead of a wide banner box */
  square?: boolean;
  /** may be cleared (optional pictures) */
  allowClear?: boolean;
  'aria-label'?: string;
}

/** A picture field for forms: shows the current picture and replaces it by an upload. */
export function ImageUpload({ value, onChange, square = false, allowClear = false, ...rest }: ImageUploadProps) {
  const picker = useImagePicker((image) => onChange?.(image.path));
  return (
    <div className={square ? 'admin-image-upload is-square' : 'admin-image-upload'}>
      {value ? <img src={value} alt="" /> : null}
      <Upload {...picker.props}>
        <Button icon={<UploadOutlined />} loading={picker.isPending} aria-label={rest['aria-label'] ?? '上传图片'}>
          {value ? '更换图片' : '上传图片'}
        </Button>
      </Upload>
      {allowClear && value ? (
        <Button icon={<DeleteOutlined />} onClick={() => onChange?.('')}>
          移除
        </Button>
      ) : null}
    </div>
  );
}
