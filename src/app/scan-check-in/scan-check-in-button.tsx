import { ScanLineIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAnyPermission } from '@/shared/permissions';
import type { CsCheckInSample } from '@/shared/schemas/sample-entry';
import { workflowActions } from '@/shared/workflow/sample-workflow';
import { Button, type ButtonProps } from '@/app/components/ui/button';
import { ScanDialog, type ScanVerdict } from '@/app/scan/scan-dialog';
import type { ScanResult } from '@/app/scan/parse-scan';
import { translateError } from '@/app/lib/words/i18n';
import { useStoredLogin } from '@/app/lib/session/use-session';
import { fetchWithSession } from '@/app/offline/page-fetch';
import { CHECK_IN_STAGES, type CheckInStage } from './check-in-stages';
import { checkInScannedLabel, describeDecision } from './scan-check-in';
import { formatSampleDate } from '@/app/bench/format';
import { TrayDetailsDialog } from './tray-details-dialog';

export type ScanCheckInButtonProps = {
  stage: CheckInStage;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
  /**
   * Opens a scanned sample's page: a label of a sample this bench cannot check in now (checked in
   * already, further on, or not this user's to check in) then offers to open it instead, so one scan
   * button serves both.
   */
  openSample?: (id: number) => void;
};

/**
 * "Scan to check in": the bench scans a pile of sample labels one after another; each sample this
 * bench may check in now is checked in through the outbox (so it works offline and applies once),
 * beeps and is counted; any other label is refused, saying why. Shown only to users who may check in here.
 */
export function ScanCheckInButton({
  stage,
  variant = 'default',
  size = 'sm',
  className,
  openSample,
}: ScanCheckInButtonProps) {
  const { t } = useTranslation('scan-check-in');
  const login = useStoredLogin();
  const permissions = login?.data.user.permissions ?? [];
  const [step, setStep] = useState<'closed' | 'tray' | 'scanning'>('closed');
  const [tray, setTray] = useState<CsCheckInSample | undefined>();
  const { action } = CHECK_IN_STAGES[stage];
  if (!hasAnyPermission(permissions, workflowActions[action].permissions)) return null;

  const onScan = async (_text: string, result: ScanResult): Promise<ScanVerdict> => {
    if (result.kind !== 'idfl') return { accepted: false, message: t('notSampleLabel', { text: _text }) };
    try {
      const { decision } = await checkInScannedLabel(result.idflNumber, {
        stage,
        permissions,
        fetcher: fetchWithSession,
        ...(tray ? { tray } : {}),
      });
      const verdict = describeDecision(decision, t);
      if (verdict.accepted || !openSample || !('sample' in decision)) return verdict;
      const { id, idflNumber } = decision.sample;
      return { ...verdict, action: { label: t('openSample', { idflNumber }), run: () => openSample(id) } };
    } catch (error) {
      const reason = error instanceof Error ? translateError(error) : String(error);
      return { accepted: false, message: t('failed', { idflNumber: result.idflNumber, reason }) };
    }
  };

  const description =
    stage === 'cs' && tray
      ? t('scanner.descriptionCs', {
          receivedBy: tray.receivedBy,
          receivedDate: formatSampleDate(tray.receivedDate),
          weight: tray.initialWeight,
          unit: tray.unit ?? 'g',
        })
      : t('scanner.description');

  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        onClick={() => setStep(stage === 'cs' ? 'tray' : 'scanning')}
      >
        <ScanLineIcon />
        {t('button')}
      </Button>
      {stage === 'cs' && (
        <TrayDetailsDialog
          open={step === 'tray'}
          // Starting the scan closes this dialog too: only a close while still on the tray step cancels.
          onOpenChange={(open) => !open && setStep((current) => (current === 'tray' ? 'closed' : current))}
          receivedBy={login?.data.user.displayName ?? ''}
          {...(tray ? { previous: tray } : {})}
          onStart={(details) => {
            setTray(details);
            setStep('scanning');
          }}
        />
      )}
      {step === 'scanning' && (
        <ScanDialog
          open
          onOpenChange={(open) => !open && setStep('closed')}
          continuous
          allowContinuous={false}
          accept={(result) => result.kind === 'idfl'}
          rejectMessage={(text) => t('notSampleLabel', { text })}
          onScan={onScan}
          title={t(`scanner.title.${stage}`)}
          description={description}
          tallyLabel={(count) => t('tally', { count })}
        />
      )}
    </>
  );
}
