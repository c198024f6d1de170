import { useState } from 'react';
import { Alert, Button, Popconfirm, Segmented, Space, Table, Tag, Tooltip, Typography, Upload, type TableColumnsType } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { BANK_STATEMENT_MAX_BYTES, bankLineStatusLabels, bankLayoutLabels, matchReasonLabels, type BankLineView, type BankStatementUploaded } from '@lab/contract';
import { AdminPage, AdminSection } from '../../../components/admin/admin-page';
import { Money } from '../../../components/admin/money';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { confirmBankLine, uploadStatement, useBankLines } from '../api/bank-statements';
import { useFinanceMutation } from '../api/use-finance-mutation';
import { useQueryClient } from '@tanstack/react-query';
import { financeKeys } from '../api/keys';
import '../../../components/admin/finance.css';

const tabs = [
  { value: 'open', label: '未对账' },
  { value: 'matched', label: '已入账' },
  { value: 'all', label: '全部' },
] as const;

function uploadedText(result: BankStatementUploaded) {
  const s = result.statement;
  if (result.duplicate) return `该文件已于此前上传过（${bankLayoutLabels[s.layout]}，${s.creditCount} 笔入账），没有新增流水`;
  return `已读取${bankLayoutLabels[s.layout]}流水 ${s.lineCount} 笔：新增入账 ${result.added} 笔${result.known ? `，${result.known} 笔此前已上传` : ''}${result.debits ? `，支出 ${result.debits} 笔不参与对账` : ''}`;
}

/** /admin/finance/bank: 银行流水对账 — upload the bank's statement, book each credit line as the 预存申请 the server proposes. */
export default function BankStatementsPage() {
  const [status, setStatus] = useState<(typeof tabs)[number]['value']>('open');
  const [page, setPage] = useState(1);
  const query = { status, page, pageSize: 20 };
  const { data, isFetching } = useBankLines(query);
  const client = useQueryClient();
  const [last, setLast] = useState<BankStatementUploaded | null>(null);
  const upload = useApiMutation({
    mutationFn: uploadStatement,
    onSuccess: (result) => {
      setLast(result);
      feedback.success(result.duplicate ? '该文件已上传过' : '流水已上传');
      void client.invalidateQueries({ queryKey: financeKeys.all });
    },
  });
  const confirm = useFinanceMutation(confirmBankLine);

  const columns: TableColumnsType<BankLineView> = [
    { title: '入账时间', dataIndex: 'bookedAt', width: 140 },
    { title: '金额', dataIndex: 'amountFen', width: 120, align: 'right', render: (fen: number) => <Money fen={fen} /> },
    {
      title: '付款方',
      key: 'payer',
      width: 200,
      render: (_, line) => (
        <div className="finance-stack">
          <span>{line.payer || <span className="admin-muted">—</span>}</span>
          {line.payerAccount && <span className="admin-muted finance-mono">{line.payerAccount}</span>}
        </div>
      ),
    },
    { title: '附言 / 摘要', dataIndex: 'remark', width: 220, render: (remark: string, line) => <Tooltip title={line.bankRef ? `银行流水号 ${line.bankRef}` : undefined}>{remark || <span className="admin-muted">—</span>}</Tooltip> },
    {
      title: '建议匹配',
      key: 'proposal',
      width: 260,
      render: (_, line) => {
        if (line.status === 'matched') return <span>已入账：<Typography.Text className="finance-mono">{line.matchedApplyNo}</Typography.Text></span>;
        const p = line.proposal;
        if (!p) return <span className="admin-muted">未找到匹配的预存申请</span>;
        return (
          <div className="finance-stack">
            <span>
              <Typography.Text className="finance-mono">{p.applyNo}</Typography.Text> <Money fen={p.amountFen} />
            </span>
            <span className="admin-muted">
              {p.memberName} {p.memberPhone} · 付款户名：{p.payer || '未填写'}
            </span>
            <span>
              {p.reasons.map((r) => (
                <Tag key={r} color={r === 'applyNo' ? 'blue' : 'default'}>
                  {matchReasonLabels[r]}
                </Tag>
              ))}
              {p.amountFen !== line.amountFen && <Tag color="red">金额不一致</Tag>}
              {p.status === 'confirmed' && <Tag color="green">已审批到账，待关联</Tag>}
            </span>
          </div>
        );
      },
    },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: BankLineView['status']) => <Tag color={s === 'matched' ? 'green' : 'orange'}>{bankLineStatusLabels[s]}</Tag> },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 120,
      render: (_, line) => {
        const p = line.proposal;
        if (line.status !== 'open' || !p) return <span className="admin-muted">—</span>;
        const text = p.status === 'confirmed' ? '关联' : '确认到账';
        return (
          <Popconfirm
            title={`${text}预存单 ${p.applyNo}？`}
            description={p.status === 'confirmed' ? '该申请已审批到账，关联后此笔流水标记为已入账。' : `按此笔流水确认到账 ${(line.amountFen / 100).toFixed(2)} 元，款项与赠送立即进入会员账户。`}
            okText={text}
            cancelText="取消"
            disabled={p.amountFen !== line.amountFen}
            onConfirm={() => confirm.decide({ line_rid: line.rid, rid: p.rid, version: p.version }, '已确认到账', () => undefined)}
          >
            <Button type="link" size="small" disabled={p.amountFen !== line.amountFen} loading={confirm.isPending && confirm.variables?.line_rid === line.rid} style={{ paddingInline: 0 }}>
              {text}
            </Button>
          </Popconfirm>
        );
      },
    },
  ];

  return (
    <AdminPage
      title="银行流水对账"
      description="上传网银导出的账户明细（xlsx 或 csv），系统按附言中的预存单号、金额和付款户名为每笔入账建议匹配的预存申请；核对后确认到账。同一笔流水只能入账一次，重复上传的文件或流水会被识别。"
      extra={
        <Upload
          accept=".xlsx,.csv"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            if (file.size > BANK_STATEMENT_MAX_BYTES) feedback.error(`文件不能超过${BANK_STATEMENT_MAX_BYTES / 1024 / 1024}MB`);
            else upload.mutate(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending}>
            上传银行流水
          </Button>
        </Upload>
      }
    >
      {last && <Alert type={last.duplicate ? 'warning' : 'success'} showIcon closable onClose={() => setLast(null)} message={uploadedText(last)} style={{ marginBottom: 12 }} />}
      <AdminSection>
        <Space style={{ marginBottom: 12 }} wrap>
          <Segmented
            value={status}
            options={tabs.map((tab) => ({ value: tab.value, label: tab.label }))}
            onChange={(value) => {
              setStatus(value as typeof status);
              setPage(1);
            }}
          />
          <span className="admin-muted">支持工商银行、建设银行、中国银行、招商银行的明细导出和通用格式（日期、收入金额、付款人、备注）。</span>
        </Space>
        <Table<BankLineView>
          rowKey="rid"
          size="middle"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={isFetching && !data}
          scroll={{ x: 1150 }}
          pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
          locale={{ emptyText: status === 'open' ? '没有待对账的入账流水' : '没有流水' }}
        />
      </AdminSection>
    </AdminPage>
  );
}
