import { PackageXIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/app/components/ui/badge';
import { cn } from '@/app/components/ui/cn';
import { isHeldOnReceipt, type ReceiptHoldFacts } from '@/shared/workflow/sample-workflow';

/**
 * The mark of a sample received damaged or insufficient, wherever the sample is shown: the condition
 * in the laboratory's words and, while it waits on the client, that it is on hold (or the client's
 * decision once recorded). A word beside an icon, never colour alone; nothing for an intact sample.
 */
export function ReceiptConditionBadge({ sample, inList = false }: { sample: ReceiptHoldFacts; inList?: boolean }) {
  const { t } = useTranslation('samples');
  const condition = sample.receivedCondition;
  if (condition !== 'damaged' && condition !== 'insufficient') return null;
  const held = isHeldOnReceipt(sample);
  const decision = sample.receiptDecision;
  const state = held
    ? decision
      ? t(`receiptDecisions.${decision}`)
      : t('receiptHold.awaitingDecision')
    : t('receiptDecisions.testAsReceived');
  return (
    <Badge
      variant={held ? 'destructive' : 'warning'}
      data-receipt-condition={condition}
      data-receipt-held={held ? 'true' : undefined}
      // In a list's number cell the mark takes its own line and wraps, so it never widens the list
      // past a bench tablet.
      className={cn(
        'align-middle font-sans whitespace-normal',
        inList ? 'mt-1 flex max-w-48 flex-wrap justify-start text-left' : 'ml-1',
      )}
      title={state}
    >
      <PackageXIcon aria-hidden="true" />
      {t(`receivedConditions.${condition}`)}
      <span className="font-normal">· {state}</span>
    </Badge>
  );
}
