import { useTranslation } from 'react-i18next';
import type { OutboxState } from '@/app/offline/db';
import { Badge } from '@/app/components/ui/badge';
import { sampleStatusWord } from '@/shared/certificate';

const VARIANTS: Record<string, 'default' | 'secondary' | 'outline' | 'warning' | 'destructive'> = {
  New: 'outline',
  CsConfirmed: 'secondary',
  SentToTester: 'warning',
  TesterConfirmed: 'secondary',
  SentToThirdLab: 'warning',
  ThirdLabConfirmed: 'secondary',
  ResultReturned: 'warning',
  ResultConfirmed: 'default',
  Completed: 'default',
  CertificateRevoked: 'destructive',
};

/**
 * A sample's status in the laboratory's words. With a queued change (`pendingTo`) it shows where the
 * sample is going and that the server has not confirmed it yet.
 */
export function SampleStatusBadge({
  status,
  certificateRevoked,
  pendingTo,
  pendingState,
  mayWrap,
}: {
  status: string;
  /** Its certificate in force is revoked: a Completed sample then reads "Certificate revoked". */
  certificateRevoked?: boolean;
  pendingTo?: string;
  pendingState?: OutboxState;
  /** In a list's row: the words go onto a second line rather than widen the list past a bench tablet. */
  mayWrap?: boolean;
}) {
  const wrap = mayWrap ? 'whitespace-normal' : undefined;
  const { t } = useTranslation('samples');
  const label = (value: string) => t(`status.${value}`, { defaultValue: value });
  if (pendingTo && pendingTo !== status) {
    const attention = pendingState === 'failed' || pendingState === 'conflict';
    return (
      <Badge
        variant={attention ? 'destructive' : 'warning'}
        data-status={pendingTo}
        data-pending="true"
        className={wrap}
        title={t('pendingFrom', { status: label(status) })}
      >
        {label(pendingTo)} · {t(`pendingState.${pendingState ?? 'pending'}`)}
      </Badge>
    );
  }
  const word = sampleStatusWord(status, certificateRevoked);
  return (
    <Badge variant={VARIANTS[word] ?? 'outline'} data-status={status} className={wrap}>
      {label(word)}
    </Badge>
  );
}
