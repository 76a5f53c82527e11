import dayjs from 'dayjs';
import { ArrowRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TimelineEvent } from './supervisor-queries';

const shown = (value: unknown) => {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** The chain of custody of a sample, oldest first: who did what, when, from which state to which, and why. */
export function CustodyTimeline({ events }: { events: TimelineEvent[] }) {
  const { t, i18n } = useTranslation('supervisor');
  if (events.length === 0) return <p className="text-sm text-muted-foreground">{t('timeline.empty')}</p>;
  return (
    <ol className="relative grid gap-4 border-l pl-5" aria-label={t('timeline.title')}>
      {events.map((event) => {
        const changed = Object.entries(event.changes ?? {});
        return (
          <li key={event.id} className="relative grid gap-1" data-action={event.action}>
            <span className="absolute top-1.5 -left-[25px] size-2.5 rounded-full bg-primary" aria-hidden />
            <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-medium">{t(`timeline.actions.${event.action}`, { defaultValue: event.action })}</span>
              {event.toStatus && event.toStatus !== event.fromStatus && (
                <span className="flex items-center gap-1 text-xs text-muted-foreground">
                  {event.fromStatus && t(`third-lab:status.${event.fromStatus}`, { defaultValue: event.fromStatus })}
                  {event.fromStatus && <ArrowRightIcon className="size-3" />}
                  {t(`third-lab:status.${event.toStatus}`, { defaultValue: event.toStatus })}
                </span>
              )}
            </div>
            <div className="text-xs text-muted-foreground">
              <time dateTime={event.at}>{dayjs(event.at).locale(i18n.language).format('D MMMM YYYY HH:mm')}</time>
              {' · '}
              {event.actorName ?? t('timeline.system')}
            </div>
            {event.reason && <p className="text-sm">{event.reason}</p>}
            {changed.length > 0 && (
              <details className="text-xs">
                <summary className="cursor-pointer text-muted-foreground">
                  {t('timeline.changes', { count: changed.length })}
                </summary>
                <ul className="mt-1 grid gap-0.5">
                  {changed.map(([field, change]) => (
                    <li key={field}>
                      <span className="font-mono">{field}</span>: {shown(change.from)} → {shown(change.to)}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </li>
        );
      })}
    </ol>
  );
}
