import { Tag } from 'antd';

export type Tone = 'default' | 'processing' | 'success' | 'warning' | 'error';

/** A state as a coloured tag: the label from the contract's labels, the colour from its meaning. */
export function StatusTag<S extends string>({ status, labels, tones }: { status: S; labels: Record<S, string>; tones: Partial<Record<S, Tone>> }) {
  return <Tag color={tones[status] ?? 'default'}>{labels[status] ?? status}</Tag>;
}
