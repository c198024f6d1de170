import { Button, Modal } from 'antd';
import type { PromotionOverview } from '@lab/contract';
import { formatDate } from '../../../lib/format';

type Terms = PromotionOverview['terms'];

/** The 推广合伙人协议 as published: title, version and date, then its paragraphs (the payout rule per customer type among them). */
export function TermsText({ terms }: { terms: Terms }) {
  return (
    <div className="promo-terms" aria-label={`${terms.title}（第${terms.version}版）`} role="document">
      <p className="member-muted">
        第 {terms.version} 版 · {formatDate(terms.publishedAt)} 发布
      </p>
      {terms.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  );
}

/** The terms in a dialog; `onAgree` adds 同意 (a partner accepting a new version). */
export function TermsModal({ terms, open, onClose, onAgree, agreeing }: { terms: Terms; open: boolean; onClose: () => void; onAgree?: () => void; agreeing?: boolean }) {
  return (
    <Modal
      open={open}
      title={`《${terms.title}》`}
      onCancel={onClose}
      destroyOnHidden
      centered
      width={640}
      footer={
        onAgree ? (
          <>
            <Button onClick={onClose}>暂不同意</Button>
            <Button type="primary" loading={agreeing} onClick={onAgree}>
              我已阅读并同意
            </Button>
          </>
        ) : (
          <Button type="primary" onClick={onClose}>
            知道了
          </Button>
        )
      }
    >
      <TermsText terms={terms} />
    </Modal>
  );
}
