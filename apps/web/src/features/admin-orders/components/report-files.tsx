import { App, Button, Empty, List, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ReportFile } from '@lab/contract';
import { formatDateTime } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { settled } from '../../../lib/use-api-mutation';
import { deleteReport, downloadReport, REPORT_ACCEPT, reportFileProblem, uploadReport, useReportChange } from '../api/order-reports';

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * The order's report files: download for anyone on the desk; the lab uploads while testing or
 * after delivery and deletes while testing (the member sees the files once the data is delivered).
 */
export function ReportFiles({ orderNo, reports, canUpload, canDelete }: { orderNo: string; reports: ReportFile[]; canUpload: boolean; canDelete: boolean }) {
  const { modal } = App.useApp();
  const upload = useReportChange(({ orderNo: no, file }: { orderNo: string; file: File }) => uploadReport(no, file));
  const remove = useReportChange(({ orderNo: no, id }: { orderNo: string; id: string }) => deleteReport(no, id));

  const confirmDelete = (report: ReportFile) =>
    modal.confirm({
      title: `删除报告文件「${report.name}」？`,
      content: '删除后无法恢复，数据交付前可重新上传。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        settled(
          remove.mutateAsync({ orderNo, id: report.id }, {
            onSuccess: () => {
              feedback.success('报告文件已删除');
            },
          }),
        ),
    });

  return (
    <div className="desk-reports">
      {reports.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={canUpload ? '还没有报告文件，交付数据前请先上传' : '暂无报告文件'} />
      ) : (
        <List
          size="small"
          dataSource={reports}
          renderItem={(report) => (
            <List.Item
              data-testid="desk-report"
              actions={[
                <Button key="download" type="link" size="small" icon={<DownloadOutlined />} aria-label={`下载 ${report.name}`} onClick={() => downloadReport(orderNo, report).catch(feedback.failure)}>
                  下载
                </Button>,
                ...(canDelete
                  ? [
                      <Button key="delete" type="link" size="small" danger icon={<DeleteOutlined />} aria-label={`删除 ${report.name}`} onClick={() => confirmDelete(report)}>
                        删除
                      </Button>,
                    ]
                  : []),
              ]}
            >
              <List.Item.Meta title={report.name} description={`${sizeText(report.size)} · ${formatDateTime(report.uploadedAt)} 上传`} />
            </List.Item>
          )}
        />
      )}
      {canUpload && (
        <Upload
          accept={REPORT_ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            const problem = reportFileProblem(file);
            if (problem) {
              feedback.failure(new Error(problem));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={async ({ file, onSuccess, onError }) => {
            upload.mutate({ orderNo, file: file as File }, {
              onSuccess: (reportsNow) => {
                feedback.success('报告文件已上传');
                onSuccess?.(reportsNow);
              },
              onError: (error) => {
                onError?.(error as Error);
              },
            });
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending} className="desk-upload">
            上传报告文件
          </Button>
        </Upload>
      )}
      {canUpload && <div className="admin-muted desk-hint">支持 PDF、PNG、JPG、ZIP，单个不超过50MB</div>}
    </div>
  );
}
