import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Space, Spin } from 'antd';
import { DownloadOutlined, ExportOutlined, FilePdfOutlined } from '@ant-design/icons';
import { adminFunds } from '../api/admin-funds';
import { feedback } from '../../../lib/feedback';
import { fetchStaffFile, type StaffFile } from '../api/fetch-staff-file';

export interface PreviewTarget {
  title: string;
  file: StaffFile;
  /** the application the file belongs to */
  rid: string;
  /** the download's name when the server gives none */
  fileName: string;
}

/**
 * A stored file in a dialog: pictures inline; a PDF opens in a new tab (the site's security
 * policy keeps blob frames out of the page) or downloads.
 */
export function FilePreviewModal({ target, onClose }: { target: PreviewTarget | null; onClose: () => void }) {
  const [state, setState] = useState<{ url: string; type: string } | { error: string } | null>(null);

  useEffect(() => {
    if (!target) return;
    let url: string | null = null;
    let live = true;
    setState(null);
    fetchStaffFile(target.file, { rid: target.rid })
      .then((blob) => {
        url = URL.createObjectURL(blob);
        if (live) setState({ url, type: blob.type });
      })
      .catch((error: unknown) => live && setState({ error: error instanceof Error ? error.message : '文件读取失败' }));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [target]);

  const download = () => {
    if (!target) return;
    adminFunds[target.file]({ rid: target.rid }, target.fileName).catch((error: unknown) => feedback.failure(error));
  };

  return (
    <Modal
      open={target !== null}
      title={target?.title}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={
        <Space>
          <Button icon={<DownloadOutlined />} onClick={download} disabled={!state || 'error' in state}>
            下载
          </Button>
          <Button type="primary" onClick={onClose}>
            关闭
          </Button>
        </Space>
      }
    >
      {!state ? (
        <div className="finance-preview-loading">
          <Spin />
        </div>
      ) : 'error' in state ? (
        <Alert type="error" showIcon title="文件无法显示" description={state.error} />
      ) : state.type.startsWith('image/') ? (
        <img className="finance-preview-image" src={state.url} alt={target?.title ?? ''} />
      ) : (
        <div className="finance-preview-pdf">
          <FilePdfOutlined />
          <p>PDF 文件</p>
          <Button icon={<ExportOutlined />} href={state.url} target="_blank" rel="noreferrer">
            在新窗口打开
          </Button>
        </div>
      )}
    </Modal>
  );
}
