import { siteInfo } from '../lib/site-info';

/** The mark (a flask with a measuring ring) and the site name. */
export function Logo({ inverse = false }: { inverse?: boolean }) {
  return (
    <span className={inverse ? 'logo logo-inverse' : 'logo'}>
      <svg className="logo-mark" viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="9" fill={inverse ? '#ffffff' : '#0a58ca'} />
        <path
          d="M16 9h8M17.5 9v8.2L11 28.5A2.4 2.4 0 0 0 13.1 32h13.8a2.4 2.4 0 0 0 2.1-3.5L22.5 17.2V9"
          fill="none"
          stroke={inverse ? '#0a58ca' : '#ffffff'}
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path d="M14 25h12" stroke={inverse ? '#0a58ca' : '#ffffff'} strokeWidth="2.2" strokeLinecap="round" />
        <circle cx="21.5" cy="28.6" r="1.4" fill={inverse ? '#0a58ca' : '#ffffff'} />
      </svg>
      <span className="logo-text">
        <strong>{siteInfo.name}</strong>
        <small>材料表征 · 分析测试</small>
      </span>
    </span>
  );
}
