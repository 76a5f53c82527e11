import { ScanLineIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsFor } from '@/shared/sample-workflow';
import { Button } from '@/app/components/ui/button';
import { usePermissions } from '@/app/lib/use-session';
import { findCachedSample } from '@/app/features/samples/find-cached-sample';
import { useSampleAction } from '@/app/features/samples/use-sample-action';
import { ScanDialog, type ScanVerdict } from '@/app/features/scan/scan-dialog';
import { TESTER_SAMPLES } from './tester-constants';

/**
 * Check in by scanning labels, one after another (continuous mode): scanning the label of a sample
 * in hand is the confirmation of its receipt. Works offline: samples are found in the cached list,
 * check-ins are queued in the outbox.
 */
export function TesterScanCheckIn() {
  const { t } = useTranslation('tester');
  const held = usePermissions();
  const { fire } = useSampleAction(TESTER_SAMPLES.list);
  const [open, setOpen] = useState(false);
  if (!held.includes('CanCheckInSampleEntryTester')) return null;

  const checkIn = async (idflNumber: string): Promise<ScanVerdict> => {
    const sample = await findCachedSample(TESTER_SAMPLES.list, idflNumber);
    if (!sample) return { accepted: false, message: t('scan.unknown', { idflNumber }) };
    if (!actionsFor(sample.status, held).includes('testerCheckIn')) {
      return {
        accepted: false,
        message: t('scan.wrongStatus', { idflNumber, status: t(`samples:status.${sample.status}`) }),
      };
    }
    const key = await fire('testerCheckIn', sample, { quiet: true });
    return key
      ? { accepted: true, message: t('scan.queued', { idflNumber }) }
      : { accepted: false, message: t('scan.failed') };
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <ScanLineIcon />
        {t('scan.open')}
      </Button>
      <ScanDialog
        open={open}
        onOpenChange={setOpen}
        title={t('scan.title')}
        description={t('scan.description')}
        continuous
        accept={(result) => result.kind === 'idfl'}
        tallyLabel={(count) => t('scan.tally', { count })}
        onScan={(_text, result) => (result.kind === 'idfl' ? checkIn(result.idflNumber) : undefined)}
      />
    </>
  );
}
