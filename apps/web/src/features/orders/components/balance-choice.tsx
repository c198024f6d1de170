import { Alert, Radio } from 'antd';
import { Link } from 'react-router';
import { formatFen, type ReadyToPay } from '@lab/contract';

type BalanceView = ReadyToPay['balances'][number];

/** The key of a balance to pay from: 'member' (my own funds) or the community's rid. */
export const sourceKey = (b: BalanceView) => (b.kind === 'member' ? 'member' : (b.rid ?? ''));

interface BalanceChoiceProps {
  /** 支付账户, 结算账户 */
  legend: string;
  balances: BalanceView[];
  value: string;
  onChange: (key: string) => void;
  /** how much the chosen balance lacks (fen); a hint with 去预存 when above 0 */
  shortFen: number;
  /** the options side by side */
  row?: boolean;
  'data-testid'?: string;
}

/** Which balance pays (my prestore or a community's), each with what it holds, and what is missing. */
export function BalanceChoice({ legend, balances, value, onChange, shortFen, row = false, ...rest }: BalanceChoiceProps) {
  return (
    <fieldset className="pay-fieldset">
      <legend>{legend}</legend>
      <Radio.Group className={row ? 'pay-options is-row' : 'pay-options'} value={value} onChange={(e) => onChange(e.target.value as string)} aria-label={legend}>
        {balances.map((b) => (
          <Radio key={sourceKey(b)} value={sourceKey(b)} className="pay-option">
            <span className="pay-option-name">{b.kind === 'member' ? '个人预存款' : `团体：${b.name}`}</span>
            <span className="pay-option-meta">余额 {formatFen(b.balanceFen)}</span>
          </Radio>
        ))}
      </Radio.Group>
      {shortFen > 0 ? (
        <p className="pay-hint is-warning" data-testid={rest['data-testid']}>
          所选账户余额不足，还差 {formatFen(shortFen)}，<Link to="/member/prestore">去预存</Link>；也可选择微信支付或支付宝
        </p>
      ) : null}
    </fieldset>
  );
}

/** A payment refused by the server, as the page shows it: its message; for too little balance, where to top up and `then` what. */
export function PaymentRefusal({ refusal, then }: { refusal: { text: string; lowBalance: boolean } | null; then: string }) {
  if (!refusal) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={refusal.text}
      description={
        refusal.lowBalance ? (
          <span>
            可先 <Link to="/member/prestore">预存款充值</Link>，{then}
          </span>
        ) : undefined
      }
    />
  );
}
