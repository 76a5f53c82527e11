import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/app/components/confirm-dialog';
import { toast } from '@/app/lib/toast';
import { useRecomputeRun, type ValueImpact } from './reference-material-queries';

/**
 * The question before a run is computed again on today's values: what becomes of its results and
 * certificates. A refusal is said in the dialog; the impact is asked again once the run is recomputed.
 */
export function RecomputeDialog({
  run,
  onOpenChange,
}: {
  run: ValueImpact['runs'][number] | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('reference-materials');
  const recompute = useRecomputeRun();
  return (
    <ConfirmDialog
      open={run !== null}
      onOpenChange={onOpenChange}
      title={t('impact.confirmTitle', { file: run?.fileName ?? '' })}
      description={t('impact.confirmDescription')}
      confirmLabel={t('impact.recompute')}
      onConfirm={async () => {
        if (!run) return;
        const recomputed = await recompute.mutateAsync(run.id);
        toast.success(t('impact.recomputed', { file: recomputed.fileName, revision: recomputed.revision }));
      }}
    />
  );
}
