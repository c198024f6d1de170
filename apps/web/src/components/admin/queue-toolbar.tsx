import { useState, type ReactNode } from 'react';
import { Badge, DatePicker, Input, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TableQuery } from './use-server-table';

export interface StatusTab {
  /** the status sent to the server; 'all' for every status */
  value: string;
  label: string;
  /** how many wait under this tab (a second queue beside the first tab's, e.g. 待红冲) */
  count?: number | undefined;
}

interface QueueToolbarProps {
  tabs: StatusTab[];
  status: string;
  /** the number waiting, shown on the first (pending) tab */
  pendingCount?: number | undefined;
  keyword: string;
  from: string;
  to: string;
  keywordPlaceholder: string;
  onChange: (changes: Partial<Record<'status' | 'keyword' | 'from' | 'to', string>>) => void;
  /** what the date range filters by, as the list's server reads it (申请日期, 发起日期) */
  dateLabel?: string;
  /** more filters (type, method…) after the dates */
  children?: ReactNode;
}

const day = (text: string): Dayjs | null => (text ? dayjs(text) : null);

/**
 * The head of every review queue: status tabs (待审核 first, with how many wait), then the
 * member or number search and the date range, wrapping on a phone.
 */
export function QueueToolbar({ tabs, status, pendingCount, keyword, from, to, keywordPlaceholder, onChange, dateLabel = '申请日期', children }: QueueToolbarProps) {
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null]>([day(from), day(to)]);
  return (
    <>
      <Tabs
        className="admin-queue-tabs"
        activeKey={status}
        onChange={(value) => onChange({ status: value })}
        items={tabs.map((tab, i) => {
          const waiting = i === 0 ? pendingCount : tab.count;
          return {
            key: tab.value,
            label: waiting ? (
              <span>
                {tab.label} <Badge count={waiting} overflowCount={999} size="small" color="#0a58ca" />
              </span>
            ) : (
              tab.label
            ),
          };
        })}
      />
      <div className="admin-filters">
        <Input.Search allowClear placeholder={keywordPlaceholder} defaultValue={keyword} onSearch={(value) => onChange({ keyword: value.trim() })} aria-label="搜索" />
        <DatePicker.RangePicker
          value={range}
          allowEmpty={[true, true]}
          placeholder={[dateLabel.replace(/日期$/, '开始日期'), '结束日期']}
          aria-label={dateLabel}
          onChange={(values) => {
            setRange([values?.[0] ?? null, values?.[1] ?? null]);
            onChange({ from: values?.[0]?.format('YYYY-MM-DD') ?? '', to: values?.[1]?.format('YYYY-MM-DD') ?? '' });
          }}
        />
        {children}
      </div>
    </>
  );
}

/** The list call's query: the 全部 tab sends no status. */
export function queueQuery(query: TableQuery): TableQuery {
  return query.status === 'all' ? { ...query, status: undefined } : query;
}
