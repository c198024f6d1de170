import { useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useFeedback } from '../../lib/use-feedback';

/**
 * Downloads an export (xlsx) of what the table shows: `save` is the typed client's download
 * call (it carries the staff token and resolves to the saved file's name).
 */
export function ExportButton({ save, children = '导出 Excel' }: { save: () => Promise<string>; children?: ReactNode }) {
  const [busy, setBusy] = useState(false);
  const feedback = useFeedback();
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const saved = await save();
          feedback.success(`已导出 ${saved}`);
        } catch (error) {
          feedback.failure(error);
        } finally {
          setBusy(false);
        }
      }}
    >
      {children}
    </Button>
  );
}
