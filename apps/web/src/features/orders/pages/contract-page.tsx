import { Alert, Empty, Pagination, Skeleton, Tabs, Tag } from 'antd';
import { FileProtectOutlined, FileTextOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { contractStatusLabels, contractStatuses, type Contract, type ContractStatus } from '@lab/contract';
import { formatDate } from '../../../lib/format';
import { useContracts } from '../api/list-contracts';
import { downloadContract } from '../api/download-contract';
import { downloadSignedContract } from '../api/download-signed';
import { FileDownload } from '../components/file-download';
import { SignedUpload } from '../components/signed-upload';
import '../../../components/member/member-pages.css';
import '../components/requirements.css';

const PAGE_SIZE = 10;
const statusColor: Record<ContractStatus, string> = { to_sign: 'warning', signed: 'processing', confirmed: 'success', closed: 'default' };
const kindText: Record<Contract['kind'], string> = { agreement: '委托检测服务协议', contract: '合同' };

function ContractItem({ contract: c }: { contract: Contract }) {
  return (
    <li className="member-item" data-testid="contract-item">
      <div className="member-item-main">
        <h3>
          {c.kind === 'agreement' ? <FileTextOutlined /> : <FileProtectOutlined />}
          {c.title}
          <Tag color={statusColor[c.status]}>{c.statusText}</Tag>
        </h3>
        <p className="rq-files">
          <span>类型：{kindText[c.kind]}</span>
          {c.orderNo ? (
            <span>
              订单：<Link to={`/member/order/${c.orderNo}`}>{c.orderNo}</Link>
            </span>
          ) : null}
        </p>
        {c.status === 'to_sign' ? <p className="member-muted">请下载后签字盖章，扫描或拍照上传签署件，实验室确认后生效。</p> : null}
        {c.status === 'signed' ? <p className="member-muted">签署件已上传，实验室确认后生效；如需更正可重新上传。</p> : null}
        {c.status === 'closed' ? <p className="member-muted">订单已结束，该协议无需再签署。</p> : null}
        <p className="member-muted">创建于 {formatDate(c.createdAt)}</p>
      </div>
      <div className="member-item-actions">
        <FileDownload label={c.kind === 'agreement' ? '下载协议' : '下载合同'} download={() => downloadContract(c.rid, c.title)} />
        {c.hasSigned ? <FileDownload label="下载签署件" download={() => downloadSignedContract(c.rid, c.title)} /> : null}
        {c.status === 'to_sign' || c.status === 'signed' ? <SignedUpload rid={c.rid} again={c.hasSigned} /> : null}
      </div>
    </li>
  );
}

function ContractList({ status }: { status: ContractStatus | undefined }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error } = useContracts(page, PAGE_SIZE, status);
  if (isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (isError) return <Alert type="error" showIcon title="合同协议加载失败" description={error.message} />;
  if (data.list.length === 0) {
    return <Empty className="member-empty" description={status ? '该状态下暂无合同协议' : '暂无合同或协议。下单后，订单的委托检测服务协议会出现在这里；企业客户的框架合同由客户经理发送。'} />;
  }
  return (
    <>
      <ul className="member-list" aria-label="合同协议">
        {data.list.map((c) => (
          <ContractItem key={c.rid} contract={c} />
        ))}
      </ul>
      {data.total > data.pageSize ? <Pagination align="end" current={page} pageSize={data.pageSize} total={data.total} onChange={setPage} /> : null}
    </>
  );
}

/** 合同协议 (/experiment/contract): the lab's contracts and my orders' agreements — download, upload the signed copy, status. */
export default function ContractPage() {
  return (
    <div className="member-page">
      <div className="member-page-head">
        <h1 className="page-title">合同协议</h1>
      </div>
      <p className="member-page-lead">下载合同或协议，签字盖章后上传签署件（PDF、PNG 或 JPG，不超过 10 MB），实验室确认后生效。企业客户需签署合同并全额预付后开始测试。</p>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'all', label: '全部', children: <ContractList status={undefined} /> },
          ...contractStatuses.map((s) => ({ key: s, label: contractStatusLabels[s], children: <ContractList status={s} /> })),
        ]}
      />
    </div>
  );
}
