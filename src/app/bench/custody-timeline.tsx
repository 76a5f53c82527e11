import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/app/components/ui/card';
import { Spinner } from '@/app/components/ui/spinner';
import { formatSampleDate } from './format';
import { sampleQueries, type TimelineEvent } from './sample-queries';

function describeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatSampleDate(value);
  return String(value);
}

/**
 * The chain of custody of a sample (`GET /api/sample-entries/{id}/timeline`): who did what, when,
 * from which status to which, what changed and why. Oldest first, as the server gives it.
 */
export function CustodyTimeline({ sampleId, events }: { sampleId: number; events?: TimelineEvent[] }) {
  const { t } = useTranslation('samples');
  const timeline = useQuery({ ...sampleQueries.timeline(sampleId), enabled: events === undefined });
  const shown = events ?? timeline.data;
  return (
    <Card className="gap-3 py-4" role="region" aria-label={t('timeline.title')}>
      <CardHeader className="px-4">
        <CardTitle className="text-base">{t('timeline.title')}</CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        {!shown ? (
          timeline.isPending ? (
            <Spinner className="size-5" />
          ) : (
            <p className="text-sm text-muted-foreground">{t('timeline.unavailable')}</p>
          )
        ) : shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('timeline.empty')}</p>
        ) : (
          <ol className="grid gap-3 border-l pl-4" data-testid="custody-timeline">
            {shown.map((event) => {
              const changed = Object.entries(event.changes).filter(([field]) => field !== 'status');
              return (
                <li key={event.id} className="relative grid gap-0.5" data-action={event.action}>
                  <span className="absolute top-1.5 -left-[21px] size-2.5 rounded-full bg-primary" aria-hidden />
                  <p className="text-sm font-medium">
                    {t(`timeline.action.${event.action}`, { defaultValue: event.action })}
                    {event.fromStatus !== event.toStatus && event.toStatus && (
                      <span className="font-normal text-muted-foreground">
                        {' '}
                        · {event.fromStatus
                          ? t(`status.${event.fromStatus}`, { defaultValue: event.fromStatus })
                          : '—'}{' '}
                        → {t(`status.${event.toStatus}`, { defaultValue: event.toStatus })}
                      </span>
                    )}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {formatSampleDate(event.at)} · {event.actorName ?? t('timeline.system')}
                  </p>
                  {changed.length > 0 && (
                    <ul className="text-xs text-muted-foreground">
                      {changed.slice(0, 8).map(([field, change]) => (
                        <li key={field}>
                          {t(`field.${field}`, { defaultValue: field })}: {describeValue(change.from)} →{' '}
                          {describeValue(change.to)}
                        </li>
                      ))}
                    </ul>
                  )}
                  {event.reason && <p className="text-xs italic">{event.reason}</p>}
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
