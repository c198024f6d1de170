import './skeleton-block.css';

/** Grey placeholder lines with a soft shimmer while content loads (antd's Skeleton look, without antd). */
export function SkeletonBlock({ rows = 3, title = true }: { rows?: number; title?: boolean }) {
  return (
    <div className="sk-block" aria-hidden="true">
      {title ? <div className="sk-line sk-title" /> : null}
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className={index === rows - 1 && rows > 1 ? 'sk-line sk-last' : 'sk-line'} />
      ))}
    </div>
  );
}

/** A single rounded bar, the size of a button or a row of chips. */
export function SkeletonBar({ width }: { width: number }) {
  return <span className="sk-line sk-bar" style={{ width }} aria-hidden="true" />;
}
