import { Descriptions, type DescriptionsProps } from 'antd';

/** What a decision dialog is about (an application, an invoice): label and value rows above its fields. */
export function Summary({ items }: { items: DescriptionsProps['items'] }) {
  return <Descriptions className="admin-summary" column={1} size="small" bordered items={items} />;
}
