import { useEffect, useMemo, useState } from 'react';
import { Button, Empty, Tag, TreeSelect } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useRegions } from '../../../components/member/region-cascader';
import { feedback } from '../../../lib/feedback';
import { saveAllowRegion } from '../api/save-settings';
import { useContentMutation } from '../api/use-content-mutation';

const fieldNames = { label: 'n', value: 'c', children: 'd' } as const;

/**
 * 上门取样开放地区: regions picked from the region tree. Ticking a province or city covers
 * everything below it and is saved as that one code, exactly the list the site reads.
 */
export function AllowRegionForm({ saved }: { saved: string[] }) {
  const regions = useRegions();
  const save = useContentMutation(saveAllowRegion);
  // the site may hold a code its parent already covers (310000 with 310100): show what the picker keeps
  const tidySaved = useMemo(() => (regions ? saved.filter((code) => !regions.findRegionCodes(code).slice(0, -1).some((parent) => saved.includes(parent))) : saved), [regions, saved]);
  const [codes, setCodes] = useState<string[]>(tidySaved);
  useEffect(() => setCodes(tidySaved), [tidySaved]);

  const treeData = useMemo(() => (regions ? [...regions.regions] : []), [regions]);
  const names = (code: string) => {
    const path = regions?.findRegionPath(code);
    return path ? path.filter((name, index) => name && path.indexOf(name) === index).join(' / ') : code;
  };
  const changed = codes.join(',') !== tidySaved.join(',');

  const submit = async () => {
    save.mutate(codes, {
      onSuccess: (stored) => {
        setCodes(stored);
        feedback.success(stored.length ? '开放地区已保存' : '已关闭所有地区的上门取样');
      },
    });
  };

  return (
    <div className="content-region">
      <TreeSelect
        treeData={treeData}
        fieldNames={fieldNames}
        value={codes}
        onChange={(next: string[]) => setCodes(next)}
        treeCheckable
        showCheckedStrategy={TreeSelect.SHOW_PARENT}
        showSearch={{ treeNodeFilterProp: 'n' }}
        placeholder={regions ? '搜索或勾选省、市、区' : '正在加载地区…'}
        loading={!regions}
        maxTagCount={0}
        maxTagPlaceholder={() => `已选 ${codes.length} 个地区`}
        allowClear
        style={{ width: '100%' }}
        aria-label="开放地区"
      />
      <div className="content-chips" style={{ marginTop: 12 }} aria-label="已开放的地区">
        {codes.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未开放任何地区：会员将无法预约上门取样，只能自行寄样" style={{ margin: '4px 0' }} />
        ) : (
          codes.map((code) => (
            <Tag key={code} color="blue" closable closeIcon={<CloseOutlined aria-label={`移除 ${names(code)}`} />} onClose={() => setCodes(codes.filter((item) => item !== code))}>
              {names(code)}
            </Tag>
          ))
        )}
      </div>
      <div className="content-actions" style={{ marginTop: 12 }}>
        <Button disabled={!changed || save.isPending} onClick={() => setCodes(tidySaved)}>
          撤销修改
        </Button>
        <Button type="primary" loading={save.isPending} disabled={!changed} onClick={() => void submit()}>
          保存开放地区
        </Button>
      </div>
    </div>
  );
}
