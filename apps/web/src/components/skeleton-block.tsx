import './skeleton-block.css';

/**
 * Grey placeholder lines with a soft shimmer while content loads (antd's Skeleton look, without
 * antd); `avatar` puts a square of that many pixels before them (antd's square avatar).
 */
export function SkeletonBlock({ rows = 3, title = true, avatar }: { rows?: number; title?: boolean; avatar?: number }) {
  const lines = (
    <div className="sk-block" aria-hidden="true">
      {title ? <div className="sk-line sk-title" /> : null}
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className={index === rows - 1 && rows > 1 ? 'sk-line sk-last' : 'sk-line'} />
      ))}
    </div>
  );
  if (!avatar) return lines;
  return (
    <div className="sk-with-avatar" aria-hidden="true">
      <span className="sk-line sk-avatar" style={{ width: avatar, height: avatar }} />
      {lines}
    </div>
  );
}

/** A single rounded bar, the size of a button or a row of chips. */
export function SkeletonBar({ width }: { width: number }) {
  return <span className="sk-line sk-bar" style={{ width }} aria-hidden="true" />;
}
