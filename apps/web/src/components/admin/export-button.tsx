import { useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { adminDownload } from '../../lib/admin-api';
import { useFeedback } from '../../lib/use-feedback';

/** Downloads an export (xlsx) of what the table shows, with the staff token. */
export function ExportButton({ path, query, fileName, children = '导出 Excel' }: { path: string; query: Record<string, string | number | undefined>; fileName: string; children?: ReactNode }) {
  const [busy, setBusy] = useState(false);
  const feedback = useFeedback();
  const strings = Object.fromEntries(Object.entries(query).map(([name, value]) => [name, value === undefined ? undefined : String(value)]));
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const saved = await adminDownload(path, strings, fileName);
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
