import type { ReactNode } from 'react';

export type SummaryRow = { label: string; value: ReactNode };

/** What the person checks before a step moves the sample on (inside the Confirm Received / Return Result dialogs). */
export function StepSummary({ rows }: { rows: SummaryRow[] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-muted-foreground">{row.label}</dt>
          <dd className="font-medium break-words">{row.value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
