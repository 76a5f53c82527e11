import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '@/app/components/form-dialog';
import { DecimalField } from '@/app/components/form-fields';
import { ServerVerdict, useServerVerdict } from '@/app/components/server-verdict';
import { toast } from '@/app/lib/toast';
import { controlLimitInputSchema, type ControlLimitInput } from '@/shared/measurement/qc';
import { formatFixed } from '@/shared/measurement/quantities';
import { isRequiredField } from '@/shared/schemas/required-fields';
import { useSetControlLimit, type ControlChart } from './qc-queries';

type LimitsForm = z.input<typeof controlLimitInputSchema>;

/** An empty box while the chart has no limits yet: the schema then asks for a number under it. */
const empty = undefined as unknown as number;

const limitsOf = (chart: ControlChart): LimitsForm => ({
  referenceMaterialId: chart.referenceMaterialId,
  element: chart.element,
  mean: chart.limits?.mean ?? empty,
  sd: chart.limits?.sd ?? empty,
});

/**
 * A supervisor's target mean and SD for one check standard's chart, which the runs imported from then
 * on are judged against instead of the chart's first 20 results. It starts from the limits in force,
 * so a supervisor adjusts them rather than typing them again.
 */
export function ControlLimitsDialog({
  chart,
  open,
  onOpenChange,
}: {
  chart: ControlChart;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('qc');
  const id = useId();
  const save = useSetControlLimit();
  const form = useForm<LimitsForm, unknown, ControlLimitInput>({
    resolver: zodResolver(controlLimitInputSchema),
    defaultValues: limitsOf(chart),
  });
  const element = t(`runs:elements.${chart.element}`);
  const verdict = useServerVerdict();
  const submit = form.handleSubmit((values) => {
    verdict.clear();
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.success(t('targets.saved', { mean: formatFixed(saved.mean, 3), sd: formatFixed(saved.sd, 3) }));
        onOpenChange(false);
      },
      // Refused by the server: said here, under the mean or the SD when it names one, in the user's language.
      onError: (error) =>
        verdict.show(error, (field, message) => {
          if (field !== 'mean' && field !== 'sd') return false;
          form.setError(field, { message });
          return true;
        }),
    });
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          form.reset(limitsOf(chart));
          verdict.clear();
        }
        onOpenChange(next);
      }}
      title={t('targets.title', { name: chart.name, element })}
      description={t('targets.intro')}
      onSubmit={submit}
      isSaving={save.isPending}
      submitLabel={t('targets.save')}
      cancelLabel={t('targets.cancel')}
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <DecimalField
          form={form}
          name="mean"
          id={`${id}-mean`}
          label={t('targets.mean')}
          required={isRequiredField(controlLimitInputSchema, 'mean')}
        />
        <DecimalField
          form={form}
          name="sd"
          id={`${id}-sd`}
          label={t('targets.sd')}
          required={isRequiredField(controlLimitInputSchema, 'sd')}
        />
      </div>
      <ServerVerdict verdict={verdict} />
    </FormDialog>
  );
}
