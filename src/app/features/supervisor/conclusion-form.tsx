import { zodResolver } from '@hookform/resolvers/zod';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useId } from 'react';
import { Controller, useFieldArray, useForm, type Control, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { conclusionSchema, type Conclusion } from '@/shared/schemas/supervisor';
import { readDecimal } from '@/app/components/form-fields';
import { Button } from '@/app/components/ui/button';
import { FieldError, FormField } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/app/components/ui/select';
import { Textarea } from '@/app/components/ui/textarea';

const RATIO_NAME_REQUIRED = 'Name is required';
const RATIO_PERCENT = 'Enter a percentage from 0 to 100';

const ratioRow = z.object({
  name: z.string().trim().min(1, RATIO_NAME_REQUIRED).max(100),
  percent: z.number({ error: RATIO_PERCENT }).min(0, RATIO_PERCENT).max(100, RATIO_PERCENT),
});

type Consistency = 'yes' | 'no' | 'unknown';

/** The form's shape: ratios as editable rows; it becomes the shared `conclusionSchema` on submit. */
const conclusionFormSchema = z.object({
  expectedConclusion: conclusionSchema.shape.expectedConclusion,
  conclusion: z.string().trim().max(4000),
  predictedOrigin: z.string().trim().max(200),
  originReason: z.string().trim().max(2000),
  consistentWithPredictedOrigin: z.enum(['yes', 'no', 'unknown']),
  consistentWithXinjiangOrigin: z.enum(['yes', 'no', 'unknown']),
  evaluationByRegionRatio: z.array(ratioRow),
  evaluationByMixRatio: z.array(ratioRow),
});
type ConclusionFormValues = z.input<typeof conclusionFormSchema>;

export type ConclusionDefaults = {
  expectedConclusion?: string | null;
  conclusion?: string | null;
  predictedOrigin?: string | null;
  originReason?: string | null;
  consistentWithPredictedOrigin?: boolean | null;
  consistentWithXinjiangOrigin?: boolean | null;
  evaluationByRegionRatio?: Record<string, number> | null;
  evaluationByMixRatio?: Record<string, number> | null;
};

const toConsistency = (value: boolean | null | undefined): Consistency =>
  value === true ? 'yes' : value === false ? 'no' : 'unknown';
const fromConsistency = (value: Consistency) => (value === 'yes' ? true : value === 'no' ? false : null);
const toRows = (ratios: Record<string, number> | null | undefined) =>
  Object.entries(ratios ?? {}).map(([name, percent]) => ({ name, percent }));
const fromRows = (rows: { name: string; percent: number }[]) =>
  rows.length ? Object.fromEntries(rows.map((row) => [row.name.trim(), row.percent])) : null;

/** Converts what the supervisor typed into the body the server validates with the same schema. */
function toConclusion(values: z.output<typeof conclusionFormSchema>): Conclusion {
  return conclusionSchema.parse({
    expectedConclusion: values.expectedConclusion,
    conclusion: values.conclusion || null,
    predictedOrigin: values.predictedOrigin || null,
    originReason: values.originReason || null,
    consistentWithPredictedOrigin: fromConsistency(values.consistentWithPredictedOrigin),
    consistentWithXinjiangOrigin: fromConsistency(values.consistentWithXinjiangOrigin),
    evaluationByRegionRatio: fromRows(values.evaluationByRegionRatio),
    evaluationByMixRatio: fromRows(values.evaluationByMixRatio),
  });
}

/** The supervisor's conclusion of a sample ('Expected conclusion is required' when empty). */
export function ConclusionForm({
  defaults,
  onSubmit,
  isSaving,
}: {
  defaults: ConclusionDefaults;
  onSubmit: (conclusion: Conclusion) => Promise<void> | void;
  isSaving?: boolean;
}) {
  const { t } = useTranslation('supervisor');
  const id = useId();
  const form = useForm<ConclusionFormValues, unknown, z.output<typeof conclusionFormSchema>>({
    resolver: zodResolver(conclusionFormSchema),
    defaultValues: {
      expectedConclusion: defaults.expectedConclusion ?? '',
      conclusion: defaults.conclusion ?? '',
      predictedOrigin: defaults.predictedOrigin ?? '',
      originReason: defaults.originReason ?? '',
      consistentWithPredictedOrigin: toConsistency(defaults.consistentWithPredictedOrigin),
      consistentWithXinjiangOrigin: toConsistency(defaults.consistentWithXinjiangOrigin),
      evaluationByRegionRatio: toRows(defaults.evaluationByRegionRatio),
      evaluationByMixRatio: toRows(defaults.evaluationByMixRatio),
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => onSubmit(toConclusion(values)));

  const consistency = (name: 'consistentWithPredictedOrigin' | 'consistentWithXinjiangOrigin') => (
    <FormField id={`${id}-${name}`} label={t(`conclusion.${name}`)}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger id={`${id}-${name}`} aria-label={t(`conclusion.${name}`)}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(['unknown', 'yes', 'no'] as const).map((value) => (
                <SelectItem key={value} value={value}>
                  {t(`conclusion.consistency.${value}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </FormField>
  );

  return (
    <form noValidate className="grid gap-4" aria-label={t('conclusion.title')} onSubmit={submit}>
      <FormField
        id={`${id}-expected`}
        label={`${t('conclusion.expectedConclusion')}*`}
        error={errors.expectedConclusion?.message}
      >
        <Textarea
          id={`${id}-expected`}
          rows={2}
          aria-invalid={errors.expectedConclusion ? true : undefined}
          aria-describedby={errors.expectedConclusion ? `${id}-expected-error` : undefined}
          {...form.register('expectedConclusion')}
        />
      </FormField>
      <FormField id={`${id}-conclusion`} label={t('conclusion.conclusion')} error={errors.conclusion?.message}>
        <Textarea id={`${id}-conclusion`} rows={3} {...form.register('conclusion')} />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField
          id={`${id}-predicted`}
          label={t('conclusion.predictedOrigin')}
          error={errors.predictedOrigin?.message}
        >
          <Input id={`${id}-predicted`} {...form.register('predictedOrigin')} />
        </FormField>
        {consistency('consistentWithPredictedOrigin')}
        {consistency('consistentWithXinjiangOrigin')}
      </div>
      <FormField
        id={`${id}-origin-reason`}
        label={t('conclusion.originReason')}
        hint={t('conclusion.originReasonHint')}
        error={errors.originReason?.message}
      >
        <Textarea id={`${id}-origin-reason`} rows={2} {...form.register('originReason')} />
      </FormField>
      <div className="grid gap-4 md:grid-cols-2">
        <RatioRows
          name="evaluationByRegionRatio"
          label={t('conclusion.evaluationByRegionRatio')}
          nameLabel={t('conclusion.region')}
          control={form.control}
          register={form.register}
          errors={errors.evaluationByRegionRatio}
        />
        <RatioRows
          name="evaluationByMixRatio"
          label={t('conclusion.evaluationByMixRatio')}
          nameLabel={t('conclusion.mixComponent')}
          control={form.control}
          register={form.register}
          errors={errors.evaluationByMixRatio}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={isSaving || form.formState.isSubmitting}>
          {t('conclusion.save')}
        </Button>
      </div>
    </form>
  );
}

type RatioErrors = { name?: { message?: string }; percent?: { message?: string } }[] | undefined;

function RatioRows({
  name,
  label,
  nameLabel,
  control,
  register,
  errors,
}: {
  name: 'evaluationByRegionRatio' | 'evaluationByMixRatio';
  label: string;
  nameLabel: string;
  control: Control<ConclusionFormValues, unknown, z.output<typeof conclusionFormSchema>>;
  register: UseFormRegister<ConclusionFormValues>;
  errors: unknown;
}) {
  const { t } = useTranslation('supervisor');
  const rows = useFieldArray({ control, name });
  const rowErrors = errors as RatioErrors;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      {rows.fields.map((row, index) => (
        <div key={row.id} className="grid gap-1">
          <div className="flex items-center gap-2">
            <Input
              aria-label={`${nameLabel} ${index + 1}`}
              placeholder={nameLabel}
              {...register(`${name}.${index}.name`)}
            />
            <Input
              className="w-24"
              inputMode="decimal"
              aria-label={`${t('conclusion.percent')} ${index + 1}`}
              placeholder="%"
              {...register(`${name}.${index}.percent`, { setValueAs: readDecimal })}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={t('conclusion.removeRow', { index: index + 1 })}
              onClick={() => rows.remove(index)}
            >
              <Trash2Icon />
            </Button>
          </div>
          <FieldError message={rowErrors?.[index]?.name?.message ?? rowErrors?.[index]?.percent?.message} />
        </div>
      ))}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        onClick={() => rows.append({ name: '', percent: 0 })}
      >
        <PlusIcon />
        {t('conclusion.addRow')}
      </Button>
    </fieldset>
  );
}
