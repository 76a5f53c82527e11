import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/app/components/ui/card';
import { formatMoment } from '@/app/components/ui/display-date';
import { api, unwrap } from '@/app/lib/api-client';
import { BOOKINGS_KEY } from './booking-queries';

// The client's side of a booking on the staff detail (docs/client-portal.md): the mails the client
// was sent, when they last opened My orders, whether they turned progress mails off, their notes.

export function BookingClientActivity({ bookingId }: { bookingId: number }) {
  const { t, i18n } = useTranslation('client-portal');
  const activity = useQuery({
    queryKey: [...BOOKINGS_KEY, 'client-activity', bookingId],
    queryFn: async () =>
      (await unwrap(api.GET('/api/bookings/client-activity/{id}', { params: { path: { id: bookingId } } }))).data,
  });
  const data = activity.data;
  if (!data) return null;
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
        {data.mailsOff && <p>{t('staff.mailsOff')}</p>}
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
        {data.notes.length > 0 && (
          <div className="grid gap-1">
            <h3 className="font-semibold">{t('staff.notes')}</h3>
            {data.notes.map((note) => (
              <p key={note.createdAt}>
                {formatMoment(note.createdAt, i18n.language)} · {note.text}
              </p>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
