import { Button, Typography, type TableColumnsType } from 'antd';
import type { AdminSearchMiss } from '@lab/contract';
import { AdminTable } from '../../../components/admin/admin-table';
import { useServerTable } from '../../../components/admin/use-server-table';
import { feedback } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { removeSearchMiss, useSearchMisses } from '../api/admin-search-words';
import { catalogKeys } from '../api/keys';

/**
 * 无结果的搜索: what visitors searched for and found nothing, counted per (folded) query, most
 * often first. Staff add a synonym group (加为同义词 fills the dialog) or a service, then 移除.
 */
export function SearchMissesTable({ onAddSynonym }: { onAddSynonym: (query: string) => void }) {
  const table = useServerTable({ filters: {}, prefix: 'miss', pageSize: 10 });
  const misses = useSearchMisses(table.query);
  const remove = useApiMutation({ mutationFn: removeSearchMiss, invalidates: [catalogKeys.all], onSuccess: () => feedback.success('已从列表移除') });
  const columns: TableColumnsType<AdminSearchMiss> = [
    { title: '搜索词', dataIndex: 'query' },
    { title: '次数', dataIndex: 'count', width: 90, align: 'right' },
    { title: '最近一次', dataIndex: 'lastAt', width: 170, className: 'admin-nowrap', render: (value: string) => formatDateTime(value) },
    {
      title: '操作',
      key: 'actions',
      width: 190,
      render: (_, miss) => (
        <>
          <Button type="link" size="small" onClick={() => onAddSynonym(miss.query)}>
            加为同义词
          </Button>
          <Button type="link" size="small" danger loading={remove.isPending && remove.variables === miss.query} onClick={() => remove.mutate(miss.query)}>
            移除
          </Button>
        </>
      ),
    },
  ];
  return (
    <section aria-label="无结果的搜索" style={{ marginTop: 32 }}>
      <Typography.Title level={5}>无结果的搜索</Typography.Title>
      <Typography.Paragraph type="secondary">访客搜索后一个项目也没找到的词（全角半角、大小写已归一），按次数排列，最多保留 2000 个。可为它加同义词，或新增相应服务后移除。</Typography.Paragraph>
      <AdminTable<AdminSearchMiss> rowKey="query" columns={columns} query={misses} table={table} scroll={{ x: 640 }} locale={{ emptyText: '还没有无结果的搜索' }} />
    </section>
  );
}
