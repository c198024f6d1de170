import { Cascader } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import './region-cascader.css';
import type * as RegionsNs from '@lab/contract/regions';
import type { RegionNode } from '@lab/contract/regions';

type RegionsModule = typeof RegionsNs;

let loading: Promise<RegionsModule> | null = null;
/** The regions table (~28 KB gzipped) loads only when a form needs it. */
export const loadRegions = () => (loading ??= import('@lab/contract/regions'));

export function useRegions(): RegionsModule | null {
  const [mod, setMod] = useState<RegionsModule | null>(null);
  useEffect(() => {
    let alive = true;
    void loadRegions().then((loaded) => {
      if (alive) setMod(loaded);
    });
    return () => {
      alive = false;
    };
  }, []);
  return mod;
}

const fieldNames = { label: 'n', value: 'c', children: 'd' } as const;

interface Props {
  id?: string;
  /** the leaf code (address_code) */
  value?: string;
  onChange?: (code: string) => void;
  /** limit the choice to these regions (home pickup) */
  allowRegion?: readonly string[];
  placeholder?: string;
}

/** Province → city → district over the full regions table; the value is the leaf's 6-digit code. */
export function RegionCascader({ id, value, onChange, allowRegion, placeholder = '请选择省 / 市 / 区' }: Props) {
  const mod = useRegions();
  const options = useMemo<RegionNode[]>(() => (mod ? (allowRegion ? mod.allowedRegionTree(allowRegion) : [...mod.regions]) : []), [mod, allowRegion]);
  const path = value && mod ? mod.findRegionCodes(value) : [];
  return (
    <Cascader<RegionNode>
      id={id}
      options={options}
      fieldNames={fieldNames}
      value={path}
      loading={!mod}
      placeholder={placeholder}
      showSearch
      changeOnSelect={false}
      onChange={(codes) => onChange?.(codes?.length ? String(codes[codes.length - 1]) : '')}
      style={{ width: '100%' }}
    />
  );
}
