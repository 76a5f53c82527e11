import { useQuery } from '@tanstack/react-query';
import { DownloadIcon } from 'lucide-react';
import { useMemo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/app/components/ui/card';
import { Spinner } from '@/app/components/ui/spinner';
import { handleError } from '@/app/lib/api/handle-error';
import { openStoredFile } from '@/app/lib/api/stored-files';
import {
  readCustodyRecord,
  type CustodyReading,
  type ShownChange,
  type ShownItem,
  type Translate,
} from '@/shared/workflow/custody-format';
import { downloadCustodyRecord, type CustodyFormat } from './custody-record';
import { formatSampleDate } from '../format';
import { sampleQueries, type TimelineEvent } from '../sample-queries';

/** Changes of one record shown before "n more"; the rest unfold on request (and always print). */
const CHANGES_SHOWN = 8;
/** Items of one value (images, regions) shown before "n more". */
const ITEMS_SHOWN = 3;

function FileLink({ item }: { item: ShownItem }) {
  // A stored file needs the bearer token: it opens through the app, the address is its fallback.
  const open = (event: MouseEvent) => {
    event.preventDefault();
    openStoredFile(item.fileId!).catch(handleError);
  };
  return (
    <a href={item.url} onClick={open} className="text-primary underline underline-offset-2">
      {item.text}
    </a>
  );
}

/** A value as the screens show it: '—' for none, a file as its name with a link, a long list folded. */
function ShownValue({ items }: { items: ShownItem[] }) {
  const { t } = useTranslation('custody');
  const [open, setOpen] = useState(false);
  if (items.length === 0) return <span>—</span>;
  const folded = items.length > ITEMS_SHOWN + 1 && !open;
  return (
    <span>
      {items.map((item, index) => (
        <span
          key={index}
          data-value-item
          className={folded && index >= ITEMS_SHOWN ? 'hidden print:inline' : undefined}
        >
          {index > 0 && ', '}
          {item.url && item.fileId ? <FileLink item={item} /> : item.text}
        </span>
      ))}
      {items.length > ITEMS_SHOWN + 1 && (
        <button
          type="button"
          className="ml-1 text-primary underline underline-offset-2 print:hidden"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? t('showLess') : t('moreItems', { count: items.length - ITEMS_SHOWN })}
        </button>
      )}
    </span>
  );
}

function ChangeList({ changes }: { changes: ShownChange[] }) {
  const { t } = useTranslation('custody');
  const [open, setOpen] = useState(false);
  if (changes.length === 0) return null;
  const folded = changes.length > CHANGES_SHOWN + 1 && !open;
  return (
    <>
      <ul className="grid gap-0.5 text-xs text-muted-foreground">
        {changes.map((change, index) => (
          <li
            key={change.field}
            data-field={change.field}
            className={folded && index >= CHANGES_SHOWN ? 'hidden print:list-item' : undefined}
          >
            <span className="font-medium text-foreground">{change.label}</span>: <ShownValue items={change.from} />
            {' → '}
            <ShownValue items={change.to} />
          </li>
        ))}
      </ul>
      {changes.length > CHANGES_SHOWN + 1 && (
        <button
          type="button"
          className="justify-self-start text-xs text-primary underline underline-offset-2 print:hidden"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? t('showLess') : t('moreChanges', { count: changes.length - CHANGES_SHOWN })}
        </button>
      )}
    </>
  );
}

function DownloadRecord({ sampleId, idflNumber }: { sampleId: number; idflNumber?: string }) {
  const { t, i18n } = useTranslation('custody');
  const [busy, setBusy] = useState<CustodyFormat | null>(null);
  const download = async (format: CustodyFormat) => {
    setBusy(format);
    try {
      await downloadCustodyRecord(sampleId, idflNumber ?? `sample-${sampleId}`, format, i18n.language);
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      {(['pdf', 'csv'] as const).map((format) => (
        <Button
          key={format}
          variant="outline"
          size="sm"
          disabled={busy !== null}
          aria-busy={busy === format}
          onClick={() => void download(format)}
        >
          {busy === format ? <Spinner /> : <DownloadIcon />}
          {t(`download.${format}`)}
        </Button>
      ))}
    </div>
  );
}

/**
 * The chain of custody of a sample (`GET /api/sample-entries/{id}/timeline`), oldest first, as the
 * server gives it: when, who (name · role), what, each changed field by its label with its old and
 * new value as the screens show them, and why (shared/workflow/custody-format.ts reads each record). Every
 * change is shown: a long record folds behind "n more", and prints whole. The same record downloads
 * as a PDF or CSV document.
 */
export function CustodyTimeline({
  sampleId,
  idflNumber,
  events,
}: {
  sampleId: number;
  idflNumber?: string;
  events?: TimelineEvent[];
}) {
  const { t, i18n } = useTranslation(['custody', 'samples']);
  const timeline = useQuery({ ...sampleQueries.timeline(sampleId), enabled: events === undefined });
  const shown = events ?? timeline.data;
  const records = useMemo(() => {
    const reading: CustodyReading = { t: t as Translate, formatDate: formatSampleDate };
    return (shown ?? []).map((event) => ({ event, record: readCustodyRecord(event, reading) }));
    // The language is read through t; a switch re-reads every record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown, t, i18n.language]);
  return (
    <Card className="gap-3 py-4" role="region" aria-label={t('custody:title')}>
      <CardHeader className="flex flex-wrap items-center justify-between gap-2 px-4">
        <CardTitle className="text-base">{t('custody:title')}</CardTitle>
        <DownloadRecord sampleId={sampleId} idflNumber={idflNumber} />
      </CardHeader>
      <CardContent className="px-4">
        {!shown ? (
          timeline.isPending ? (
            <Spinner className="size-5" />
          ) : (
            <p className="text-sm text-muted-foreground">{t('custody:unavailable')}</p>
          )
        ) : shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('custody:empty')}</p>
        ) : (
          <ol className="grid gap-3 border-l pl-4" data-testid="custody-timeline">
            {records.map(({ event, record }) => (
              <li key={event.id} className="relative grid gap-0.5 break-inside-avoid" data-action={event.action}>
                <span className="absolute top-1.5 -left-[21px] size-2.5 rounded-full bg-primary" aria-hidden />
                <p className="text-sm font-medium">
                  {record.what}
                  {event.fromStatus !== event.toStatus && record.toStatus && (
                    <span className="font-normal text-muted-foreground">
                      {' '}
                      · {record.fromStatus ?? '—'} → {record.toStatus}
                    </span>
                  )}
                </p>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={String(event.at)}>{record.when}</time> · {record.who}
                  {record.role && ` · ${record.role}`}
                </p>
                <ChangeList changes={record.changes} />
                {record.reason && <p className="text-xs italic">{record.reason}</p>}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
