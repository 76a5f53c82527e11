import { useTranslation } from 'react-i18next';
import { cn } from '@/app/components/ui/cn';
import type { OutboxEntry } from '@/app/offline/db.ts';

/** A change body or server record as its fields, or undefined when it is not an object. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function showValue(value: unknown): string {
  if (value === undefined) return '';
  if (value === null) return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The fields of the queued change beside the server's current values, for a person to compare. */
export function ConflictComparison({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation('sync');
  const mine = asRecord(entry.body);
  const server = asRecord(entry.serverRecord);
  if (!server) return null;
  const fields = Object.keys(mine ?? {}).filter((field) => field !== 'version');
  if (!mine || fields.length === 0) {
    // A status change with nothing to compare: say where the server has the record now.
    if (typeof server.status !== 'string') return null;
    return (
      <p className="text-sm" data-testid="conflict-server-state">
        {t('page.serverState', { status: t(`samples:status.${server.status}`, { defaultValue: server.status }) })}
      </p>
    );
  }
  return (
    <table className="mt-2 w-full max-w-xl border text-xs" data-testid="conflict-comparison">
      <thead className="bg-muted">
        <tr>
          <th className="px-2 py-1 text-left">{t('page.field')}</th>
          <th className="px-2 py-1 text-left">{t('page.yourChange')}</th>
          <th className="px-2 py-1 text-left">{t('page.serverVersion')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => {
          const differs = showValue(mine[field]) !== showValue(server[field]);
          return (
            <tr key={field} className={cn('border-t', differs && 'bg-amber-50')}>
              <td className="px-2 py-1 font-mono">{field}</td>
              <td className="px-2 py-1">{showValue(mine[field])}</td>
              <td className="px-2 py-1">{showValue(server[field])}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
