import { Alert, Button, DatePicker, Empty, Select, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type { Dayjs } from 'dayjs';
import { PRESTORE_ENTRY_TYPES, entryTypeLabels, formatFen, type AssetOverview, type LedgerEntry } from '@lab/contract';
import { PagedList } from '../../../components/member/paged-list';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useBalanceHistory, type HistoryFilter } from '../api/balance-history';
import { exportHistory } from '../api/export-history';
import { formatDateTime, formatSignedFen } from './money';

/** The number a person knows an entry by: the prestore / order number in its note, else the bare reference. */
export function referenceText(entry: Pick<LedgerEntry, 'reference' | 'note'>): string {
  const known = /\b([A-Z]{2}\d{10,})\b/.exec(entry.note)?.[1];
  if (known) return known;
  return entry.reference.replace(/^[a-z_]+:/, '') || '–';
}

/** 余额明细: my account or a community I own; type and date filters; pages; export xlsx / csv. */
export function BalanceHistory({ communities }: { communities: AssetOverview['communities'] }) {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<HistoryFilter>({});
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const { data, isPending, isError, error, isFetching } = useBalanceHistory(page, filter);
  const exportRows = useApiMutation({ mutationFn: (format: 'xlsx' | 'csv') => exportHistory(format, filter), onSuccess: (name) => feedback.success(`已导出 ${name}`) });

  const change = (next: HistoryFilter) => {
    setFilter((current) => ({ ...current, ...next }));
    setPage(1);
  };

  return (
    <section className="member-card" aria-label="余额明细">
      <div className="funds-card-head">
        <h2 className="member-card-title">余额明细</h2>
        <Space wrap>
          <Button icon={<DownloadOutlined />} loading={exportRows.isPending && exportRows.variables === 'xlsx'} onClick={() => exportRows.mutate('xlsx')}>
            导出 Excel
          </Button>
          <Button icon={<DownloadOutlined />} loading={exportRows.isPending && exportRows.variables === 'csv'} onClick={() => exportRows.mutate('csv')}>
            导出 CSV
          </Button>
        </Space>
      </div>
      <div className="funds-filters">
        {communities.length > 0 ? (
          <Select
            aria-label="账户"
            value={filter.community_rid ?? ''}
            onChange={(v) => change({ community_rid: v || undefined })}
            options={[{ value: '', label: '我的账户' }, ...communities.map((c) => ({ value: c.rid, label: `团体：${c.name}` }))]}
          />
        ) : null}
        <Select
          aria-label="类型"
          value={filter.type ?? ''}
          onChange={(v) => change({ type: v || undefined })}
          options={[{ value: '', label: '全部类型' }, ...PRESTORE_ENTRY_TYPES.map((t) => ({ value: t, label: entryTypeLabels[t] }))]}
        />
        <DatePicker.RangePicker
          value={range}
          allowEmpty={[true, true]}
          placeholder={['开始日期', '结束日期']}
          onChange={(values) => {
            setRange(values);
            change({ from: values?.[0]?.format('YYYY-MM-DD'), to: values?.[1]?.format('YYYY-MM-DD') });
          }}
        />
      </div>
      {isError ? (
        <Alert type="error" showIcon title="余额明细加载失败" description={error.message} />
      ) : (
        <>
          {data ? (
            <p className="funds-balance-line">
              当前余额 <strong data-testid="history-balance">{formatFen(data.balanceFen)}</strong>
            </p>
          ) : null}
          <PagedList<LedgerEntry>
            data={data}
            page={page}
            setPage={setPage}
            loading={isPending || isFetching}
            label="余额变动"
            cardsClass="funds-entries"
            tableClass="funds-table"
            card={(e) => (
              <li key={e.id}>
                <p>
                  <strong>{e.typeText}</strong>
                  <span className={e.amountFen >= 0 ? 'funds-in' : 'funds-out'}>{formatSignedFen(e.amountFen)}</span>
                </p>
                <p className="member-muted">
                  <span>{formatDateTime(e.createdAt)}</span>
                  <span>余额 {formatFen(e.balanceAfterFen)}</span>
                </p>
                <p className="member-muted funds-entry-note">{e.note || referenceText(e)}</p>
              </li>
            )}
            unit="条"
            empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无余额变动记录" />}
            rowKey="id"
            scrollX={760}
            columns={[
              { title: '时间', dataIndex: 'createdAt', width: 150, render: (v: string) => <span className="funds-nowrap">{formatDateTime(v)}</span> },
              { title: '类型', dataIndex: 'typeText', width: 100 },
              {
                title: '金额',
                dataIndex: 'amountFen',
                width: 130,
                align: 'right',
                render: (v: number) => <span className={v >= 0 ? 'funds-in' : 'funds-out'}>{formatSignedFen(v)}</span>,
              },
              { title: '余额', dataIndex: 'balanceAfterFen', width: 130, align: 'right', render: (v: number) => formatFen(v) },
              { title: '业务单号', key: 'reference', width: 180, render: (_: unknown, entry: LedgerEntry) => referenceText(entry) },
              { title: '备注', dataIndex: 'note', render: (v: string) => v || '–' },
            ]}
          />
        </>
      )}
    </section>
  );
}
