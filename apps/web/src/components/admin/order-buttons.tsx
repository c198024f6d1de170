import { Button, Space, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';

/** Move a row one place up or down; the ends are disabled. */
export function OrderButtons({ index, total, label, busy, onMove }: { index: number; total: number; label: string; busy: boolean; onMove: (delta: -1 | 1) => void }) {
  return (
    <Space size={2}>
      <Tooltip title="上移" mouseEnterDelay={0.4}>
        <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={`上移 ${label}`} disabled={busy || index === 0} onClick={() => onMove(-1)} />
      </Tooltip>
      <Tooltip title="下移" mouseEnterDelay={0.4}>
        <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={`下移 ${label}`} disabled={busy || index === total - 1} onClick={() => onMove(1)} />
      </Tooltip>
    </Space>
  );
}
