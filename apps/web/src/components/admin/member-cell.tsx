import { Link } from 'react-router';

/**
 * A member in a table cell: the name (or 未填写姓名), the phone beneath; with `link` the name
 * opens 会员详情 (the customer screens, where sales work from the member).
 */
export function MemberCell({ member, link = false }: { member: { rid?: string; name?: string | null; phone: string }; link?: boolean }) {
  const shown = member.name?.trim() || '未填写姓名';
  return (
    <div className="admin-member-cell">
      {link && member.rid ? <Link to={`/admin/members/${member.rid}`}>{shown}</Link> : <span>{shown}</span>}
      <span className="admin-muted">{member.phone}</span>
    </div>
  );
}
