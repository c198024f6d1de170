import { useState } from 'react';
import { Alert, Button, Input } from 'antd';
import type { TeacherStanding } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import { applyForTeacher, useTeacherStanding } from '../api/teacher-request';

/** What the latest request says, when there is one worth saying. */
function LatestRequest({ standing }: { standing: TeacherStanding }) {
  const latest = standing.latest;
  if (!latest) return null;
  if (latest.status === 'pending') {
    return <Alert type="info" showIcon title={`老师认证申请审核中（${formatDateTime(latest.createdAt)} 提交）`} description={`客户经理将在${standing.handlingTime}内处理，结果会以站内信通知您。`} />;
  }
  if (latest.status === 'refused') {
    return <Alert type="warning" showIcon title={`老师认证申请未通过${latest.reviewNote ? `：${latest.reviewNote}` : ''}`} description="补充说明后可再次申请。" />;
  }
  return <Alert type="success" showIcon title="老师认证已通过" description={`${formatDateTime(latest.reviewedAt)} 由客户经理认证为老师。`} />;
}

/**
 * 申请老师认证 (issue 31): members attest online only as 学生; a 学生 (or a member not yet
 * attested) asks sales with one click, seeing what is needed and how long it takes. Shown to
 * 老师 as done; 个人 and 企业 are told to ask their customer manager.
 */
export function TeacherRequestCard() {
  const standing = useTeacherStanding();
  const [note, setNote] = useState('');
  const apply = useApiMutation({
    mutationFn: applyForTeacher,
    invalidates: memberDataKeys,
    onSuccess: () => {
      setNote('');
      feedback.success('老师认证申请已提交');
    },
  });
  const data = standing.data;
  if (!data) return null;
  const isTeacher = data.organization === 3;
  const other = data.organization === 1 || data.organization === 2;
  if (other && !data.latest) return null;
  return (
    <section className="member-card teacher-card" aria-label="老师认证">
      <h2 className="member-card-title">老师认证</h2>
      {isTeacher ? (
        <p className="member-muted">您已认证为老师，可创建科研团体、为课题组成员的订单付款。</p>
      ) : (
        <>
          <p className="member-muted">在线认证仅支持学生；高校或科研院所的教师可申请老师认证，由客户经理核实后更新用户类型。</p>
          <dl className="teacher-facts">
            <div>
              <dt>所需材料</dt>
              <dd>
                <ul>
                  {data.needs.map((need) => (
                    <li key={need}>{need}</li>
                  ))}
                </ul>
              </dd>
            </div>
            <div>
              <dt>预计处理时间</dt>
              <dd>{data.handlingTime}（提交后由客户经理处理，结果以站内信通知）</dd>
            </div>
          </dl>
        </>
      )}
      <LatestRequest standing={data} />
      {data.canApply ? (
        <div className="teacher-apply">
          <Input.TextArea aria-label="补充说明（选填）" placeholder="补充说明（选填），如所在院系、职称、可核实的教师主页" maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} value={note} onChange={(e) => setNote(e.target.value)} />
          <Button type="primary" loading={apply.isPending} onClick={() => apply.mutate(note)}>
            申请老师认证
          </Button>
        </div>
      ) : !isTeacher && data.reason && data.latest?.status !== 'pending' ? (
        <p className="member-muted teacher-reason">{data.reason}</p>
      ) : null}
    </section>
  );
}
