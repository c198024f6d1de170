import type { AdminMemberRef } from '@lab/contract';

/** A member in a table cell: the name, the phone beneath. */
export function MemberCell({ member }: { member: Pick<AdminMemberRef, 'name' | 'phone'> }) {
  return (
    <div className="finance-member">
      <span>{member.name || '未填写姓名'}</span>
      <span className="admin-muted">{member.phone}</span>
    </div>
  );
}
