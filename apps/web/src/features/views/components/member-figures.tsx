import { Link } from 'react-router';
import { useMemberHome } from '../api/get-member-home';

/** The member centre's counts (web/home/data), each leading to its page. */
export function MemberFigures() {
  const { data } = useMemberHome();
  const figures = [
    { to: '/experiment/plan', label: '实验计划', value: data?.cartNum, unit: '项' },
    { to: '/member/address', label: '收货地址', value: data?.addressNum, unit: '个' },
    { to: '/member/sample', label: '待上门取样', value: data?.samplingPending, unit: '次' },
    { to: '/member/sample', label: '待寄回样品', value: data?.recyclePending, unit: '单' },
    { to: '/member/communityJn', label: '科研团体', value: data?.communityNum, unit: '个' },
    { to: '/member/communityMg', label: '待审核申请', value: data?.communityApplications, unit: '条' },
  ];
  return (
    <section className="mc-figures" aria-label="我的数据">
      {figures.map((f) => (
        <Link key={f.label} to={f.to} className="mc-figure">
          <strong data-testid={`figure-${f.label}`}>{f.value ?? '–'}</strong>
          <span>
            {f.label}
            <small>（{f.unit}）</small>
          </span>
        </Link>
      ))}
    </section>
  );
}
