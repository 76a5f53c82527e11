import { FileDownIcon, PaperclipIcon, ShieldCheckIcon, ZapIcon } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/app/components/ui/card';
import { Checkbox } from '@/app/components/ui/checkbox';
import { formatDisplayDate } from '@/app/components/ui/display-date';
import { Label } from '@/app/components/ui/label';
import { Textarea } from '@/app/components/ui/textarea';
import { ApiError } from '@/app/lib/api/api-error';
import { translateError } from '@/app/lib/words/i18n';
import { clientCertificateFileUrl, useClientBookingActions, type ClientBooking } from './client-portal-api';

// One booking as its client sees it: number, date, status, rush; each sample's stage in plain words
// with the date each was reached; its certificates; and what the client may still do.

type Sample = ClientBooking['samples'][number];

const certificateLook = {
  Valid: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  Superseded: 'border-amber-300 bg-amber-50 text-amber-900',
  Revoked: 'border-red-300 bg-red-50 text-red-900',
} as const;

function SampleStages({ sample }: { sample: Sample }) {
  const { t, i18n } = useTranslation('client-portal');
  return (
    <li className="grid gap-2 rounded-md border p-3" data-sample={sample.idflNumber}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {sample.idflNumber}
          {sample.sampleType ? ` · ${sample.sampleType}` : ''}
        </span>
        {/* A completed sample whose certificate was revoked is not "Completed" to its client either. */}
        {sample.certificateRevoked ? (
          <Badge variant="destructive" data-stage="certificateRevoked">
            {t('stage.certificateRevoked')}
          </Badge>
        ) : (
          <Badge data-stage={sample.stage}>{t(`stage.${sample.stage}`)}</Badge>
        )}
      </div>
      {sample.stages.length > 0 && (
        <ol className="grid gap-1 text-sm text-muted-foreground">
          {sample.stages.map((reached) => (
            <li key={reached.stage}>
              {t('stageReached', {
                stage: t(`stage.${reached.stage}`),
                date: reached.at ? formatDisplayDate(reached.at, i18n.language) : '—',
              })}
            </li>
          ))}
        </ol>
      )}
      {sample.certificates.length > 0 && (
        <div className="grid gap-2">
          <h4 className="text-sm font-semibold">{t('certificates')}</h4>
          {sample.certificates.map((certificate) => (
            <div
              key={certificate.token}
              data-certificate-status={certificate.status}
              className={`flex flex-wrap items-center gap-2 rounded-md border p-2 text-sm ${certificateLook[certificate.status]}`}
            >
              <span className="font-medium">{t('certificate.version', { version: certificate.version })}</span>
              <span>{t(`certificate.status.${certificate.status}`)}</span>
              <span>{formatDisplayDate(certificate.issuedAt, i18n.language)}</span>
              {certificate.status === 'Revoked' && certificate.revokeReason && (
                <span className="basis-full font-medium" data-revoke-reason>
                  {t('certificate.revokedReason', {
                    date: certificate.revokedAt ? formatDisplayDate(certificate.revokedAt, i18n.language) : '—',
                    reason: certificate.revokeReason,
                  })}
                </span>
              )}
              {certificate.amendmentReason && (
                <span className="basis-full">
                  {t('certificate.amends', { version: certificate.version - 1, reason: certificate.amendmentReason })}
                </span>
              )}
              <span className="flex flex-wrap gap-2 sm:ml-auto">
                {certificate.hasPdf && (
                  <a
                    className="inline-flex items-center gap-1 underline"
                    href={clientCertificateFileUrl(certificate.token)}
                    download
                  >
                    <FileDownIcon className="size-4" aria-hidden="true" />
                    {t('certificate.download')}
                  </a>
                )}
                <a className="inline-flex items-center gap-1 underline" href={`/certificate/${certificate.token}`}>
                  <ShieldCheckIcon className="size-4" aria-hidden="true" />
                  {t('certificate.verify')}
                </a>
              </span>
            </div>
          ))}
        </div>
      )}
    </li>
  );
}

/** A small form of one text box: the cancel reason or a note. */
function TextAction({
  label,
  submit,
  pending,
  onSubmit,
}: {
  label: string;
  submit: string;
  pending: boolean;
  onSubmit: (text: string) => Promise<unknown>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const id = `${label}-${submit}`.replace(/\W+/g, '-');
  const send = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    onSubmit(text).then(
      () => setText(''),
      (failure: unknown) => setError(failure instanceof ApiError ? translateError(failure) : String(failure)),
    );
  };
  return (
    <form className="grid gap-2" onSubmit={send}>
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} value={text} onChange={(e) => setText(e.target.value)} aria-invalid={Boolean(error)} />
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" variant="outline" className="justify-self-start" disabled={pending}>
        {submit}
      </Button>
    </form>
  );
}

/** The booking's files: how many it holds, and a picker that uploads and attaches new ones. */
function AttachFiles({
  count,
  attach,
}: {
  count: number;
  attach: ReturnType<typeof useClientBookingActions>['attach'];
}) {
  const { t } = useTranslation('client-portal');
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  return (
    <div className="grid gap-2 text-sm">
      {count > 0 && <p>{t('attach.count', { count })}</p>}
      {/* The browser's own picker speaks the browser's language: a button in ours opens it. */}
      <input
        ref={picker}
        id={id}
        type="file"
        multiple
        accept="image/*,application/pdf"
        disabled={attach.isPending}
        className="hidden"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) attach.mutate(files);
        }}
      />
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        disabled={attach.isPending}
        aria-describedby={`${id}-hint`}
        onClick={() => picker.current?.click()}
      >
        <PaperclipIcon />
        {t('attach.action')}
      </Button>
      <p id={`${id}-hint`} className="text-muted-foreground">
        {t('attach.hint')}
      </p>
      {attach.isSuccess && <p role="status">{t('attach.done')}</p>}
      {attach.isError && (
        <p role="alert" className="text-destructive">
          {attach.error instanceof ApiError ? translateError(attach.error) : String(attach.error)}
        </p>
      )}
    </div>
  );
}

export function ClientBookingCard({ booking, usualDays }: { booking: ClientBooking; usualDays: number | null }) {
  const { t, i18n } = useTranslation('client-portal');
  const actions = useClientBookingActions(booking.id);
  const [open, setOpen] = useState<'cancel' | 'note' | null>(null);
  return (
    <Card data-booking={booking.bookingNumber}>
      <CardHeader className="gap-1">
        <CardTitle className="flex flex-wrap items-center gap-2">
          {t('booking.number', { number: booking.bookingNumber })}
          <Badge variant="outline" data-booking-status={booking.status}>
            {t(`booking.status.${booking.status}`)}
          </Badge>
          {booking.rushService && (
            <Badge className="gap-1">
              <ZapIcon className="size-3" aria-hidden="true" />
              {t('booking.rush')}
            </Badge>
          )}
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {t('booking.placed', { date: formatDisplayDate(booking.createdAt, i18n.language) })}
        </p>
        {booking.status !== 'Cancelled' && (
          <p className="text-sm text-muted-foreground">
            {usualDays === null ? t('booking.usualTimeUnknown') : t('booking.usualTime', { count: usualDays })}
          </p>
        )}
        {booking.cancelReason && (
          <p className="text-sm">{t('booking.cancelledReason', { reason: booking.cancelReason })}</p>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        <section className="grid gap-2">
          <h3 className="font-semibold">{t('booking.samples')}</h3>
          {booking.samples.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('booking.noSamples')}</p>
          ) : (
            <ul className="grid gap-2">
              {booking.samples.map((sample) => (
                <SampleStages key={sample.id} sample={sample} />
              ))}
            </ul>
          )}
        </section>
        {booking.notes.length > 0 && (
          <section className="grid gap-1 text-sm">
            <h3 className="font-semibold">{t('note.yours')}</h3>
            {booking.notes.map((note) => (
              <p key={note.createdAt}>
                {formatDisplayDate(note.createdAt, i18n.language)}: {note.text}
              </p>
            ))}
          </section>
        )}
        <AttachFiles count={booking.attachments} attach={actions.attach} />
        <label className="flex items-start gap-2 text-sm">
          <Checkbox
            checked={!booking.mailsOff}
            disabled={actions.mails.isPending}
            onCheckedChange={(checked) => actions.mails.mutate(!checked)}
          />
          <span>{t('mails.label')}</span>
        </label>
        <div className="flex flex-wrap gap-2">
          {booking.canCancel && (
            <Button variant="outline" onClick={() => setOpen(open === 'cancel' ? null : 'cancel')}>
              {t('cancel.action')}
            </Button>
          )}
          <Button variant="outline" onClick={() => setOpen(open === 'note' ? null : 'note')}>
            {t('note.action')}
          </Button>
        </div>
        {open === 'cancel' && (
          <TextAction
            label={t('cancel.reason')}
            submit={t('cancel.confirm')}
            pending={actions.cancel.isPending}
            onSubmit={(reason) => actions.cancel.mutateAsync(reason).then(() => setOpen(null))}
          />
        )}
        {open === 'note' && (
          <TextAction
            label={t('note.label')}
            submit={t('note.send')}
            pending={actions.note.isPending}
            onSubmit={(text) => actions.note.mutateAsync(text).then(() => setOpen(null))}
          />
        )}
      </CardContent>
    </Card>
  );
}
