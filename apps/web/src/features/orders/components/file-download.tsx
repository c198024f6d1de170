import { Button } from 'antd';
import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** A button that downloads a member file (GET with the token header) and reports a refusal. */
export function FileDownload({ label, download, icon = 'download', type = 'default' }: { label: string; download: () => Promise<unknown>; icon?: 'download' | 'clip'; type?: 'default' | 'link' }) {
  const run = useApiMutation({ mutationFn: download });
  return (
    <Button
      size="small"
      type={type}
      className={type === 'link' ? 'rq-file-link' : undefined}
      icon={icon === 'clip' ? <PaperClipOutlined /> : <DownloadOutlined />}
      loading={run.isPending}
      onClick={() => run.mutate()}
    >
      {label}
    </Button>
  );
}
