import type { ReactNode } from 'react';

/** Nothing to show: a light drawing of an empty tray, a sentence, and perhaps a way out. */
export function EmptyState({ description, className, children }: { description: ReactNode; className?: string; children?: ReactNode }) {
  return (
    <div className={className ? `empty-state ${className}` : 'empty-state'}>
      <svg className="empty-state-image" width="64" height="41" viewBox="0 0 64 41" aria-hidden="true" focusable="false">
        <ellipse cx="32" cy="33" rx="32" ry="7" fill="#f5f5f5" />
        <path d="M9 22.5 17.5 11h29L55 22.5V33H9z" fill="#fafafa" stroke="#d9d9d9" />
        <path d="M9 22.5h13.5a2 2 0 0 1 2 2 3.5 3.5 0 0 0 3.5 3.5h8a3.5 3.5 0 0 0 3.5-3.5 2 2 0 0 1 2-2H55" fill="none" stroke="#d9d9d9" />
      </svg>
      <p className="empty-state-text">{description}</p>
      {children ? <div className="empty-state-footer">{children}</div> : null}
    </div>
  );
}
