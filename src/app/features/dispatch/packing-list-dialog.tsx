import { useQuery } from '@tanstack/react-query';
import { PrinterIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { WIDE_ONLY, WRAPS } from '@/app/components/list-table';
import { RushBadge } from '@/app/components/rush-badge';
import { ReceiptConditionBadge } from '@/app/bench/receipt-condition-badge';
import { cn } from '@/app/components/ui/cn';
import { Button } from '@/app/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/app/components/ui/dialog';
import { Spinner } from '@/app/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import { formatSampleDate, formatWeight } from '@/app/bench/format';
import { dispatchQueries } from './dispatch-queries';

/** Codes and storage give way on a bench tablet (the weights are what the list is for); the sheet prints them. */
const PRINTED_OR_WIDE = cn(WIDE_ONLY, 'print:table-cell');

// While printing, only the packing list is shown: everything else on the page (and the dialog's
// buttons) is hidden, and the list takes the whole sheet.
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  [data-print-area], [data-print-area] * { visibility: visible !important; }
  [data-print-area] { position: absolute !important; inset: 0 !important; padding: 1.5cm; }
  [data-print-hidden] { display: none !important; }
}`;

/** The printable packing list of a package: what is in the box, with weights in grams. */
export function PackingListDialog({
  batchId,
  onOpenChange,
}: {
  batchId: number | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('dispatch');
  const packing = useQuery({ ...dispatchQueries.packingList(batchId ?? 0), enabled: batchId !== null });
  const list = packing.data;
  return (
    <Dialog open={batchId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-4xl">
        <style>{PRINT_CSS}</style>
        <DialogHeader data-print-hidden>
          <DialogTitle>
            {t('packingList.title')}
            {list && (
              <>
                {' · '}
                <span className="font-mono">{list.packageCode}</span>
              </>
            )}
          </DialogTitle>
        </DialogHeader>
        {!list ? (
          <div className="flex justify-center py-8">
            {packing.isPending ? <Spinner className="size-6" /> : t('packingList.unavailable')}
          </div>
        ) : (
          <section data-print-area aria-label={t('packingList.title')} className="grid gap-4 bg-background">
            <header className="grid gap-1">
              {/* The dialog's title says it on screen; the printed page, without the dialog's header, says it here. */}
              <h2 className="hidden text-xl font-semibold print:block">
                {t('packingList.title')} · <span className="font-mono">{list.packageCode}</span>
              </h2>
              <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
                <dt className="text-muted-foreground">{t('field.packageName')}</dt>
                <dd>{list.packageName}</dd>
                <dt className="text-muted-foreground">{t('field.shippmentNumber')}</dt>
                <dd>{list.shippmentNumber}</dd>
                <dt className="text-muted-foreground">{t('field.status')}</dt>
                <dd>{t(`status.${list.status}`, { defaultValue: list.status })}</dd>
                <dt className="text-muted-foreground">{t('field.sentDate')}</dt>
                <dd>{formatSampleDate(list.sentDate) || '—'}</dd>
                <dt className="text-muted-foreground">{t('field.sampleCount')}</dt>
                <dd>{list.sampleCount}</dd>
                <dt className="text-muted-foreground">{t('packingList.totalSentWeight')}</dt>
                <dd>{formatWeight(list.totalSentWeight)}</dd>
              </dl>
              {list.notes && <p className="text-sm whitespace-pre-wrap">{list.notes}</p>}
            </header>
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>#</TableHead>
                  <TableHead>{t('samples:field.idflNumber')}</TableHead>
                  <TableHead>{t('samples:field.sampleCode')}</TableHead>
                  <TableHead>{t('samples:field.sampleType')}</TableHead>
                  <TableHead className={PRINTED_OR_WIDE}>{t('samples:field.localCode')}</TableHead>
                  <TableHead className={PRINTED_OR_WIDE}>{t('samples:field.bnCode')}</TableHead>
                  <TableHead className="text-right whitespace-normal">{t('samples:field.sentWeight')}</TableHead>
                  <TableHead className="text-right whitespace-normal">{t('samples:field.remainingWeight')}</TableHead>
                  <TableHead className={PRINTED_OR_WIDE}>{t('samples:field.storageArea')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.samples.map((sample, index) => (
                  <TableRow key={sample.id}>
                    <TableCell>{index + 1}</TableCell>
                    <TableCell className="font-mono">
                      {sample.idflNumber}
                      <RushBadge rush={sample.rushService} />
                      <ReceiptConditionBadge sample={sample} />
                    </TableCell>
                    <TableCell className={WRAPS}>{sample.sampleCode}</TableCell>
                    <TableCell className={WRAPS}>{sample.sampleType}</TableCell>
                    <TableCell className={PRINTED_OR_WIDE}>{sample.localCode}</TableCell>
                    <TableCell className={PRINTED_OR_WIDE}>{sample.bnCode}</TableCell>
                    <TableCell className="text-right">{formatWeight(sample.sentWeight)}</TableCell>
                    <TableCell className="text-right">{formatWeight(sample.remainingWeight)}</TableCell>
                    <TableCell className={PRINTED_OR_WIDE}>{sample.storageArea}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <p className="hidden text-xs text-muted-foreground print:block">{t('packingList.signature')}</p>
          </section>
        )}
        <DialogFooter data-print-hidden>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('common:close')}
          </Button>
          <Button disabled={!list} onClick={() => window.print()}>
            <PrinterIcon />
            {t('packingList.print')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
