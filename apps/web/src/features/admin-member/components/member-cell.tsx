import { Link } from 'react-router';

/** A member in a table: the name (or nickname) linking to 会员详情, the phone under it. */
export function MemberCell({ rid, name, phone, link = true }: { rid: string; name: string | null | undefined; phone: string; link?: boolean }) {
  const shown = name?.trim() || '未填写姓名';
  return (
    <div className="customers-member-cell">
      {link && rid ? <Link to={`/admin/members/${rid}`}>{shown}</Link> : <span>{shown}</span>}
      <div className="admin-muted">{phone}</div>
    </div>
  );
}
