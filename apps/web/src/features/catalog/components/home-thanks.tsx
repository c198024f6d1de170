import type { ThanksEntry } from '@lab/contract';
import { SectionEmpty, SectionHeading } from './section-heading';
import { ThanksTable } from './thanks-table';

/** Spec: the thanks table shows its first 5 rows. */
export const HOME_THANKS_ROWS = 5;

export function HomeThanks({ rows }: { rows: ThanksEntry[] }) {
  const shown = rows.slice(0, HOME_THANKS_ROWS);
  return (
    <section className="hp-section hp-section-alt" aria-labelledby="hp-thanks-title">
      <div className="hp-container">
        <SectionHeading id="hp-thanks-title" title="论文致谢" subtitle="感谢科研用户在论文中对我们测试服务的认可" more={{ to: '/list/thanks' }} />
        {shown.length === 0 ? <SectionEmpty text="暂无论文致谢" /> : <ThanksTable rows={shown} caption="最新论文致谢" />}
      </div>
    </section>
  );
}
