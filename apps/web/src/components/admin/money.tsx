import { formatFen } from '@lab/contract';

/** An amount in fen shown as ¥1,234.50, in tabular figures so columns line up. */
export function Money({ fen, signed = false }: { fen: number | null | undefined; signed?: boolean }) {
  if (fen === null || fen === undefined) return <span className="admin-muted">—</span>;
  const text = signed && fen > 0 ? `+${formatFen(fen)}` : formatFen(fen);
  return <span className="admin-money">{text}</span>;
}
