import { describe, expect, it } from 'vitest';
import { diffSnapshots } from './audit-diff';

describe('diffSnapshots: before and after of an audited change, field by field', () => {
  it('marks what changed and keeps the rest for context', () => {
    const rows = diffSnapshots({ progress: 'awaiting_sample', paidFen: 80000, receivedAt: null }, { progress: 'received', paidFen: 80000, receivedAt: '2026-11-19T02:00:00.000Z' });
    expect(rows).toEqual([
      { field: 'progress', before: 'awaiting_sample', after: 'received', changed: true },
      { field: 'paidFen', before: '80000', after: '80000', changed: false },
      { field: 'receivedAt', before: '—', after: '2026-11-19T02:00:00.000Z', changed: true },
    ]);
  });

  it('shows a created object with an empty before, and nested values as JSON', () => {
    const rows = diffSnapshots(null, { name: '李实验', files: [{ name: 'XRD报告.pdf' }] });
    expect(rows).toEqual([
      { field: 'name', before: '', after: '李实验', changed: true },
      { field: 'files', before: '', after: '[{"name":"XRD报告.pdf"}]', changed: true },
    ]);
  });
});
