import { Button } from 'antd';
import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useFeedback } from '../../../lib/use-feedback';

/** A button that downloads a member file (GET with the token header) and reports a refusal. */
export function FileDownload({ label, download, icon = 'download', type = 'default' }: { label: string; download: () => Promise<unknown>; icon?: 'download' | 'clip'; type?: 'default' | 'link' }) {
  const feedback = useFeedback();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      type={type}
      className={type === 'link' ? 'rq-file-link' : undefined}
      icon={icon === 'clip' ? <PaperClipOutlined /> : <DownloadOutlined />}
      loading={busy}
      onClick={() => {
        setBusy(true);
        download()
          .catch((e: unknown) => feedback.failure(e))
          .finally(() => setBusy(false));
      }}
    >
      {label}
    </Button>
  );
}
