import { Alert, Button, Empty, Form, Modal, Radio, Skeleton, Tag } from 'antd';
import { EnvironmentOutlined, GiftOutlined, TagsOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { emptyMessage, exchangeBody, type ExchangeItem } from '@lab/contract';
import { SchemaForm } from '../../../components/schema-form';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { useQuery } from '@tanstack/react-query';
import { addressesQueryOptions, useAddresses } from '../../member/api/addresses/list-addresses';
import { formatAddress } from '../../../components/member/pickup-address-choice';
import { useExchangeItems } from '../api/list-exchange-items';
import { applyExchange } from '../api/apply-exchange';
import { formatPoints } from './points-format';

const kindText: Record<ExchangeItem['kind'], string> = { coupon: '优惠券', gift: '礼品' };

function stockText(item: ExchangeItem): string {
  if (item.stock === null) return '库存充足';
  if (item.stock <= 0) return '已兑完';
  return `库存 ${item.stock}`;
}

/** Why 兑换 is off: out of stock, or not enough points. */
function unavailableText(item: ExchangeItem, balance: number): string | null {
  if (item.available) return null;
  if (item.stock !== null && item.stock <= 0) return '已兑完';
  if (balance < item.points) return `积分不足，还差 ${formatPoints(item.points - balance)} 分`;
  return '暂不可兑换';
}

/** The gift's address as a field: one of the member's, or where to add one. */
function GiftAddress({ value, onChange }: { value?: string | undefined; onChange?: (rid: string) => void }) {
  const { data, isPending, isError, error } = useAddresses();
  if (isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (isError) return <Alert type="error" showIcon title="收货地址加载失败" description={error.message} />;
  if (data.length === 0) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="礼品需要邮寄，请先添加收货地址">
        <Link to="/member/address">
          <Button>添加收货地址</Button>
        </Link>
      </Empty>
    );
  }
  return (
    <Radio.Group className="address-choice" value={value} onChange={(e) => onChange?.(e.target.value as string)} aria-label="收货地址">
      {data.map((a) => (
        <span key={a.address_rid} className="address-choice-wrap">
          <Radio value={a.address_rid}>
            <span className="address-choice-main">
              <strong>{a.name}</strong> {a.phone}
              {a.default === 1 ? <Tag color="blue">默认</Tag> : null}
            </span>
            <span className="address-choice-sub">
              <EnvironmentOutlined /> {formatAddress(a)}
            </span>
          </Radio>
        </span>
      ))}
    </Radio.Group>
  );
}

function ExchangeDialog({ item, balance, onClose }: { item: ExchangeItem; balance: number; onClose: () => void }) {
  const isGift = item.kind === 'gift';
  const addresses = useQuery({ ...addressesQueryOptions(), enabled: isGift });
  const [form] = Form.useForm<{ address_rid?: string }>();
  const exchange = useApiMutation({
    mutationFn: applyExchange,
    invalidates: memberDataKeys,
    onSuccess: () => {
      feedback.success(isGift ? '兑换成功，礼品将按所选地址寄出' : '兑换成功，优惠券已发放到您的账户');
      onClose();
    },
  });
  // the first address to start with, once they are read
  const firstRid = addresses.data?.[0]?.address_rid;
  useEffect(() => {
    if (firstRid && !form.getFieldValue('address_rid')) form.setFieldsValue({ address_rid: firstRid });
  }, [firstRid, form]);
  // a gift is mailed: its address is needed
  const schema = exchangeBody.superRefine((body, ctx) => {
    if (isGift && !body.address_rid) ctx.addIssue({ code: 'custom', path: ['address_rid'], message: emptyMessage('收货地址') });
  });

  return (
    <Modal
      open
      title="确认兑换"
      onCancel={onClose}
      // a coupon needs nothing filled in; a gift's address is a form
      onOk={() => (isGift ? form.submit() : exchange.mutate({ rid: item.rid }))}
      okText="确认兑换"
      cancelText="取消"
      okButtonProps={{ disabled: isGift && addresses.data?.length === 0 }}
      confirmLoading={exchange.isPending}
      destroyOnHidden
      centered
    >
      <dl className="points-confirm">
        <div>
          <dt>兑换商品</dt>
          <dd>
            {item.name} <Tag>{kindText[item.kind]}</Tag>
          </dd>
        </div>
        <div>
          <dt>所需积分</dt>
          <dd>
            <strong className="points-cost">{formatPoints(item.points)}</strong> 分
          </dd>
        </div>
        <div>
          <dt>兑换后剩余</dt>
          <dd data-testid="points-after">{formatPoints(balance - item.points)} 分</dd>
        </div>
      </dl>
      {isGift ? (
        <SchemaForm
          form={form}
          name="exchange"
          schema={schema}
          body={({ address_rid }) => ({ rid: item.rid, address_rid })}
          className="points-gift-address"
          initialValues={{ address_rid: firstRid }}
          onSubmit={(checked) => exchange.mutate({ rid: checked.rid, address_rid: checked.address_rid })}
        >
          <h3>收货地址</h3>
          <Form.Item name="address_rid" style={{ marginBottom: 0 }}>
            <GiftAddress />
          </Form.Item>
        </SchemaForm>
      ) : (
        <p className="member-muted">兑换后优惠券即时发放到「我的优惠券」，下单支付时可用。积分一经兑换不予退还。</p>
      )}
    </Modal>
  );
}

/** 积分兑换: the catalogue as cards; 兑换 asks for a confirmation (and an address for gifts). */
export function ExchangeCatalogue({ balance }: { balance: number }) {
  const { data, isPending, isError, error, refetch } = useExchangeItems();
  const [chosen, setChosen] = useState<ExchangeItem | null>(null);
  let body;
  if (isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (isError)
    body = (
      <Alert
        type="error"
        showIcon
        title="兑换商品加载失败"
        description={error.message}
        action={<Button onClick={() => void refetch()}>重试</Button>}
      />
    );
  else if (data.length === 0) body = <Empty className="member-empty" description="暂无可兑换的商品，敬请期待" />;
  else
    body = (
      <ul className="points-catalogue" aria-label="兑换商品">
        {data.map((item) => {
          const off = unavailableText(item, balance);
          return (
            <li key={item.rid} className={off ? 'points-item is-off' : 'points-item'} data-testid="exchange-item">
              <div className={`points-item-pic is-${item.kind}`}>
                {item.img ? <img src={item.img} alt="" loading="lazy" /> : item.kind === 'coupon' ? <TagsOutlined aria-hidden /> : <GiftOutlined aria-hidden />}
              </div>
              <div className="points-item-body">
                <h3>
                  <span>{item.name}</span>
                  <Tag color={item.kind === 'coupon' ? 'blue' : 'gold'}>{kindText[item.kind]}</Tag>
                </h3>
                {item.description ? <p className="points-item-desc">{item.description}</p> : null}
                <div className="points-item-foot">
                  <p>
                    <strong className="points-cost">{formatPoints(item.points)}</strong> 积分
                    <span className="points-stock">{stockText(item)}</span>
                  </p>
                  <Button type="primary" disabled={!item.available} onClick={() => setChosen(item)} aria-label={`兑换 ${item.name}`}>
                    兑换
                  </Button>
                </div>
                {off ? <p className="points-item-off">{off}</p> : null}
              </div>
            </li>
          );
        })}
      </ul>
    );
  return (
    <section className="member-card" aria-label="积分兑换">
      <h2 className="member-card-title">积分兑换</h2>
      {body}
      {chosen ? <ExchangeDialog item={chosen} balance={balance} onClose={() => setChosen(null)} /> : null}
    </section>
  );
}
