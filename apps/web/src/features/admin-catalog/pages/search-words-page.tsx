import { useState } from 'react';
import { Form, Input, type TableColumnsType } from 'antd';
import { synonymAddBody, type AdminSynonym } from '@lab/contract';
import { CrudList } from '../../../components/admin/crud-list';
import type { CrudDialogConfig } from '../../../components/admin/crud-dialog';
import { useServerTable } from '../../../components/admin/use-server-table';
import { formatDateTime } from '../../../lib/format';
import { addSynonym, deleteSynonym, editSynonym, useSynonyms } from '../api/admin-search-words';
import { catalogKeys } from '../api/keys';
import { SearchMissesTable } from '../components/search-misses-table';

interface Values {
  terms: string;
  note: string;
}

const dialog = (prefill: string): CrudDialogConfig<AdminSynonym, Values, typeof synonymAddBody> => ({
  name: 'synonym',
  schema: synonymAddBody,
  initialValues: { terms: prefill, note: '' },
  values: (group) => ({ terms: group.terms.join('\n'), note: group.note }),
  body: (values) => values,
  add: addSynonym,
  edit: (body, group) => editSynonym({ ...body, id: group.id }),
  editTitle: () => '编辑同义词组',
  width: 560,
  fields: () => (
    <>
      <Form.Item label="意思相同的词" name="terms" required extra="每行一个，或用 = 、逗号分隔；2–12 个，每个不超过 30 个字。如：扫描电镜 = 扫描电子显微镜 = SEM。全角半角、大小写视为相同；一个词只能在一组中。">
        <Input.TextArea autoSize={{ minRows: 4, maxRows: 10 }} placeholder={'扫描电镜\n扫描电子显微镜\nSEM'} />
      </Form.Item>
      <Form.Item label="备注" name="note">
        <Input maxLength={100} placeholder="选填：这组词的用途" />
      </Form.Item>
    </>
  ),
});

/**
 * /admin/catalog/search-words (服务目录 → 搜索词): groups of words researchers use for the same
 * technique, effective at once for every search; below, the searches that found nothing.
 */
export default function SearchWordsPage() {
  const table = useServerTable({ filters: { keyword: '' }, prefix: 'syn' });
  const synonyms = useSynonyms(table.query);
  // 加为同义词 from the misses: the dialog opens with the query filled in
  const [prefill, setPrefill] = useState<{ text: string; round: number }>({ text: '', round: 0 });
  const columns: TableColumnsType<AdminSynonym> = [
    { title: '意思相同的词', key: 'terms', render: (_, group) => group.terms.join(' = ') },
    { title: '备注', dataIndex: 'note', width: 200 },
    { title: '修改时间', dataIndex: 'updatedAt', width: 170, className: 'admin-nowrap', render: (value: string) => formatDateTime(value) },
  ];
  return (
    <>
      <CrudList
        key={prefill.round}
        title="搜索词"
        description="研究者对同一技术有多种叫法（全称、简称、缩写、仪器名）。同一组的词搜索结果相同，保存后立即对网站的搜索生效。"
        noun="同义词组"
        rowKey="id"
        label={(group) => group.terms.join(' = ')}
        query={synonyms}
        refresh={catalogKeys.all}
        columns={columns}
        scrollX={760}
        filters={<Input.Search allowClear placeholder="组内的词" defaultValue={table.filters.keyword} onSearch={(keyword) => table.setFilters({ keyword })} aria-label="搜索同义词" />}
        table={table}
        empty={table.filters.keyword ? '没有含这个词的同义词组' : '还没有同义词组，点击右上角新增'}
        remove={deleteSynonym}
        confirmDelete={(group) => ({ title: '删除这组同义词？', content: `${group.terms.join(' = ')}。删除后这些词不再互相搜到。` })}
        dialog={dialog(prefill.text)}
        openOnStart={prefill.round > 0}
      />
      <SearchMissesTable onAddSynonym={(text) => setPrefill((p) => ({ text: `${text}\n`, round: p.round + 1 }))} />
    </>
  );
}
