import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/app/components/ui/card';
import { formatMoment } from '@/app/components/ui/display-date';
import { api, unwrap } from '@/app/lib/api/api-client';
import { CLIENT_NOTE_LIMITS } from '@/shared/client-portal';
import { BOOKINGS_KEY } from './booking-queries';

// The client's side of a booking on the staff detail (docs/client-portal.md): the mails the client
// was sent, when they last opened My orders, whether they turned progress mails off, their notes.
// The notes come a page at a time: the activity carries the newest page, "More" fetches the next.

export function BookingClientActivity({ bookingId }: { bookingId: number }) {
  const { t, i18n } = useTranslation('client-portal');
  const [wantsOlderNotes, setWantsOlderNotes] = useState(false);
  const activity = useQuery({
    queryKey: [...BOOKINGS_KEY, 'client-activity', bookingId],
    queryFn: async () =>
      (await unwrap(api.GET('/api/bookings/client-activity/{id}', { params: { path: { id: bookingId } } }))).data,
  });
  const olderNotes = useInfiniteQuery({
    queryKey: [...BOOKINGS_KEY, 'client-notes', bookingId],
    queryFn: async ({ pageParam }) =>
      (
        await unwrap(
          api.GET('/api/bookings/client-notes/{id}', {
            params: { path: { id: bookingId }, query: { offset: pageParam, limit: CLIENT_NOTE_LIMITS.page } },
          }),
        )
      ).data,
    // The first page is the activity's own.
    initialPageParam: CLIENT_NOTE_LIMITS.page as number,
    getNextPageParam: (last) =>
      last.offset + last.items.length < last.total ? last.offset + last.items.length : undefined,
    enabled: wantsOlderNotes,
  });
  const data = activity.data;
  if (!data) return null;
  const notes = [...data.notes, ...(olderNotes.data?.pages.flatMap((page) => page.items) ?? [])];
  const total = olderNotes.data?.pages.at(-1)?.total ?? data.notesTotal;
  const hasMore = wantsOlderNotes ? olderNotes.hasNextPage : notes.length < total;
  const showMore = () => {
    if (!wantsOlderNotes) setWantsOlderNotes(true);
    else void olderNotes.fetchNextPage();
  };
  return (
    <Card data-client-activity>
      <CardHeader>
        <CardTitle>{t('staff.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p data-client-last-looked>
          {data.lastViewedAt
            ? t('staff.lastLooked', { date: formatMoment(data.lastViewedAt, i18n.language) })
            : t('staff.neverLooked')}
        </p>
        {data.mailsOffFor.map((email) => (
          <p key={email} data-client-mails-off={email}>
            {t('staff.mailsOffFor', { email })}
          </p>
        ))}
        <div className="grid gap-1">
          <h3 className="font-semibold">{t('staff.mailsSent')}</h3>
          {data.mails.length === 0 ? (
            <p className="text-muted-foreground">{t('staff.noMails')}</p>
          ) : (
            <ul className="grid gap-1">
              {data.mails.map((mail) => (
                <li key={`${mail.kind}-${mail.sentAt}`} data-client-mail={mail.kind}>
                  {formatMoment(mail.sentAt, i18n.language)} · {t(`staff.kind.${mail.kind}`)} · {mail.to}
                </li>
              ))}
            </ul>
          )}
        </div>
        {notes.length > 0 && (
          <div className="grid gap-1" data-client-notes>
            <h3 className="font-semibold">{t('staff.notes')}</h3>
            {notes.map((note, index) => (
              <p key={`${note.createdAt}-${index}`} data-client-note>
                {formatMoment(note.createdAt, i18n.language)} · {note.text}
              </p>
            ))}
            {hasMore && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="justify-self-start"
                disabled={olderNotes.isFetching}
                onClick={showMore}
                data-client-notes-more
              >
                {t('staff.moreNotes', { shown: notes.length, total })}
              </Button>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
