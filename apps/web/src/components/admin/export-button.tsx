import type { ReactNode } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { feedback } from '../../lib/feedback';
import { useApiMutation } from '../../lib/use-api-mutation';

/**
 * Downloads an export (xlsx) of what the table shows: `save` is the typed client's download
 * call (it carries the staff token and resolves to the saved file's name).
 */
export function ExportButton({ save, children = '导出 Excel' }: { save: () => Promise<string>; children?: ReactNode }) {
  const run = useApiMutation({ mutationFn: save, onSuccess: (saved) => feedback.success(`已导出 ${saved}`) });
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={run.isPending}
      onClick={() => run.mutate()}
    >
      {children}
    </Button>
  );
}
