import { Alert, Button, Empty, Skeleton, Tag, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { Contract, ContractStatus } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { useProtocolFiles } from '../api/list-protocol-files';
import { uploadProtocolFile } from '../api/upload-protocol-file';
import { downloadAgreement, downloadSignedAgreement } from '../api/download-agreement';
import { formatDateTime } from './order-format';
import { AgreementSignPanel } from './agreement-sign-panel';

const statusColor: Record<ContractStatus, string> = { to_sign: 'warning', signed: 'processing', confirmed: 'success', closed: 'default' };
const acceptedName = /\.(png|jpe?g|pdf)$/i;
const MAX_BYTES = 20 * 1024 * 1024;

/** The problem with a chosen signed agreement, or null: PDF / PNG / JPG, at most 20 MB. */
export function agreementFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!acceptedName.test(file.name)) return '签署后的协议仅支持 PDF、PNG、JPG 文件';
  if (file.size > MAX_BYTES) return '文件不能超过 20 MB';
  if (file.size === 0) return '文件是空的，请重新选择';
  return null;
}

function AgreementRow({ orderNo, contract }: { orderNo: string; contract: Contract }) {
  const download = useApiMutation({ mutationFn: (kind: 'download' | 'signed') => (kind === 'download' ? downloadAgreement(contract.rid) : downloadSignedAgreement(contract.rid)) });
  const upload = useApiMutation({ mutationFn: (file: File) => uploadProtocolFile(orderNo, file), invalidates: memberDataKeys, onSuccess: () => feedback.success('签署件已上传，等待确认') });
  return (
    <li className="member-item" data-testid="agreement-item">
      <div className="member-item-main">
        <h3>
          {contract.title}
          <Tag color={statusColor[contract.status]}>{contract.statusText}</Tag>
        </h3>
        <p className="member-muted">生成时间 {formatDateTime(contract.createdAt)}</p>
      </div>
      <div className="member-item-actions">
        <Button size="small" icon={<DownloadOutlined />} loading={download.isPending && download.variables === 'download'} onClick={() => download.mutate('download')}>
          下载协议
        </Button>
        {contract.hasSigned ? (
          <Button size="small" loading={download.isPending && download.variables === 'signed'} onClick={() => download.mutate('signed')}>
            查看已上传
          </Button>
        ) : null}
        {contract.status === 'to_sign' || contract.status === 'signed' ? (
          <Upload
            accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              const problem = agreementFileProblem(file);
              if (problem) {
                feedback.failure(new Error(problem));
                return Upload.LIST_IGNORE;
              }
              upload.mutate(file);
              return false;
            }}
          >
            <Button size="small" type="primary" ghost icon={<UploadOutlined />} loading={upload.isPending}>
              {contract.hasSigned ? '重新上传' : '上传已签署协议'}
            </Button>
          </Upload>
        ) : null}
      </div>
    </li>
  );
}

/** 协议: the order's 委托检测服务协议 to download, sign and upload. */
export function ProtocolSection({ orderNo }: { orderNo: string }) {
  const { data, isPending, isError, error } = useProtocolFiles(orderNo);
  return (
    <section className="member-card" aria-label="委托协议">
      <h2 className="member-card-title">委托协议</h2>
      <p className="member-muted ord-section-lead">在线阅读并以短信验证码签署（实验室自动加盖电子签章）；也可下载《委托检测服务协议》，签字（盖章）后拍照或扫描上传，支持 PDF、PNG、JPG。</p>
      <AgreementSignPanel orderNo={orderNo} />
      {isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : isError ? (
        <Alert type="error" showIcon title="协议加载失败" description={error.message} />
      ) : data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该订单暂无协议" />
      ) : (
        <ul className="member-list">
          {data.map((c) => (
            <AgreementRow key={c.rid} orderNo={orderNo} contract={c} />
          ))}
        </ul>
      )}
    </section>
  );
}
