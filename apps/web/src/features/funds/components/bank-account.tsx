import { Typography } from 'antd';
import type { BankAccount } from '@lab/contract';

/** The lab's account for 对公转账: name, bank, number, each copyable. */
export function BankAccountCard({ bank, applyNo }: { bank: BankAccount; applyNo?: string }) {
  const rows: [string, string][] = [
    ['户名', bank.accountName],
    ['开户行', bank.bankName],
    ['账号', bank.accountNo],
  ];
  if (applyNo) rows.push(['转账备注', applyNo]);
  return (
    <dl className="funds-bank" aria-label="对公转账账户">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>
            <Typography.Text copyable={{ text: value.replace(label === '账号' ? /\s/g : /^$/, ''), tooltips: ['复制', '已复制'] }} strong={label === '账号' || label === '转账备注'}>
              {value}
            </Typography.Text>
          </dd>
        </div>
      ))}
    </dl>
  );
}
