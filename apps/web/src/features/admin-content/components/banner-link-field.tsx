import { useEffect, useRef, useState } from 'react';
import { Input, Radio, Select, Space } from 'antd';
import { bannerLinkKind } from '@lab/contract';
import { useItemSearch } from '../api/search-items';

type Kind = 'none' | 'external' | 'item';

interface BannerLinkFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  /** the name of the item the current link names, to label it before any search */
  itemName?: string | null;
}

/**
 * Where a banner leads, as the home page reads it: nothing, a web address (opens a new tab),
 * or one of the lab's service items (its detail page), picked by searching its name.
 */
export function BannerLinkField({ value = '', onChange, itemName }: BannerLinkFieldProps) {
  const [kind, setKind] = useState<Kind>(bannerLinkKind(value));
  const [keyword, setKeyword] = useState('');
  const search = useItemSearch(keyword);

  // the form is filled after mounting (editing another banner): follow that link's kind, but
  // not what is being typed here (a cleared or half-typed address must not switch the choice)
  const typed = useRef(value);
  useEffect(() => {
    if (value !== typed.current) setKind(bannerLinkKind(value));
    typed.current = value;
  }, [value]);
  const change = (next: string) => {
    typed.current = next;
    onChange?.(next);
  };

  const options = (search.data?.list ?? []).map((item) => ({ value: item.rid, label: `${item.name}${item.model ? `（${item.model}）` : ''}` }));
  if (kind === 'item' && value && !options.some((option) => option.value === value)) options.unshift({ value, label: itemName ?? `项目编号 ${value}` });

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Radio.Group
        value={kind}
        onChange={(event) => {
          setKind(event.target.value as Kind);
          change('');
        }}
        options={[
          { value: 'none', label: '不跳转' },
          { value: 'external', label: '网址' },
          { value: 'item', label: '服务项目' },
        ]}
        aria-label="链接类型"
      />
      {kind === 'external' && (
        <Input value={value} onChange={(event) => change(event.target.value)} placeholder="https://…（在新窗口打开）" aria-label="链接网址" maxLength={500} />
      )}
      {kind === 'item' && (
        <Select
          showSearch
          value={value || undefined}
          placeholder="输入项目名称搜索，如 XRD"
          filterOption={false}
          onSearch={setKeyword}
          onChange={(rid: string) => change(rid)}
          options={options}
          loading={search.isFetching}
          notFoundContent={search.isFetching ? '搜索中…' : '没有找到服务项目'}
          aria-label="链接的服务项目"
          style={{ width: '100%' }}
        />
      )}
    </Space>
  );
}
