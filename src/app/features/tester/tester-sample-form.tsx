import { zodResolver } from '@hookform/resolvers/zod';
import { noticeNoChanges } from '@/app/bench/actions/announce';
import { changedFields } from '@/app/bench/actions/changed-fields';
import { useMutation } from '@tanstack/react-query';
import { ImagePlusIcon, XIcon } from 'lucide-react';
import { useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SENT_WEIGHT_TOO_LARGE, testerSampleFormSchema } from '@/shared/schemas/sample-entry';
import { CountrySelect } from '@/app/components/country-select';
import { TextareaField, TextInputField, WeightField } from '@/app/components/form-fields';
import { requiredLabel } from '@/app/components/ui/form-field';
import { isRequiredField } from '@/shared/schemas/required-fields';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/app/components/ui/card';
import { Checkbox } from '@/app/components/ui/checkbox';
import { FormField } from '@/app/components/ui/form-field';
import { Label } from '@/app/components/ui/label';
import { api, unwrap } from '@/app/lib/api/api-client';
import { toNumber } from '@/app/bench/format';
import { formatWeight } from '@/app/bench/format';
import type { SampleEntry } from '@/app/bench/sample-queries';
import { StoredImage } from '@/app/bench/detail/stored-image';
import { useSampleAction } from '@/app/bench/actions/use-sample-action';
import { TESTER_SAMPLES } from './tester-constants';

/** The tester form, plus the rule the server also enforces: no more can be sent than was received. */
export const testerFormSchema = testerSampleFormSchema.refine(
  (values) =>
    values.sentWeight === null || values.sentWeight === undefined || values.sentWeight <= values.initialWeight,
  { message: SENT_WEIGHT_TOO_LARGE, path: ['sentWeight'] },
);

type TesterForm = z.input<typeof testerSampleFormSchema>;

/** Remaining weight as the form computes it while typing; the server computes and stores the real one. */
export function previewRemainingWeight(initial: unknown, sent: unknown): number | undefined {
  const start = toNumber(initial);
  if (start === undefined) return undefined;
  return start - (toNumber(sent) ?? 0);
}

/** Whether the tester form requires a field: read from its schema, so the star tells the truth. */
const isRequired = (name: keyof TesterForm) => isRequiredField(testerFormSchema, name);

const TEXTS = ['localCode', 'bnCode', 'isotopeMix', 'isotopeColor', 'unit', 'storageArea'] as const;
const LONG_TEXTS = ['sampleInformation', 'identificationNotes', 'expectedConclusion', 'note'] as const;

/** Update Tester (/testers/{id}): the tester's data of a sample, queued through the outbox. */
export function TesterSampleForm({ sample, onSaved }: { sample: SampleEntry; onSaved?: () => void }) {
  const { t } = useTranslation('tester');
  const { fire, isQueuing } = useSampleAction(TESTER_SAMPLES.list);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<TesterForm>({
    resolver: zodResolver(testerFormSchema),
    values: {
      sampleInformation: sample.sampleInformation ?? '',
      isotopeMix: sample.isotopeMix ?? '',
      isotopeColor: sample.isotopeColor ?? '',
      countryCode: sample.countryCode ?? '',
      identificationNotes: sample.identificationNotes ?? '',
      unit: sample.unit ?? 'g',
      initialWeight: sample.initialWeight ?? (undefined as unknown as number),
      sentWeight: sample.sentWeight ?? null,
      storageArea: sample.storageArea ?? '',
      smell: sample.smell,
      dirty: sample.dirty,
      note: sample.note ?? '',
      imageFileIds: sample.imageFileIds ?? [],
      expectedConclusion: sample.expectedConclusion ?? '',
      localCode: sample.localCode ?? '',
      bnCode: sample.bnCode ?? '',
    },
  });
  const { errors } = form.formState;
  const [initial, sent, images] = useWatch({
    control: form.control,
    name: ['initialWeight', 'sentWeight', 'imageFileIds'],
  });
  const remaining = previewRemainingWeight(initial, sent);

  // Images are stored at once (this needs the network); the form then references them by id.
  const upload = useMutation({
    mutationFn: (files: File[]) =>
      unwrap(
        api.POST('/api/upload', {
          body: { files } as never,
          bodySerializer: () => {
            const data = new FormData();
            for (const file of files) data.append('files', file);
            return data;
          },
        }),
      ),
    onSuccess: (answer) =>
      form.setValue(
        'imageFileIds',
        [...(form.getValues('imageFileIds') ?? []), ...answer.data.map((file) => file.id)],
        {
          shouldDirty: true,
        },
      ),
  });

  const submit = form.handleSubmit(async (values) => {
    // Only what the person changed: the rest of the record stays as stored.
    const changed = changedFields(values, form.formState.dirtyFields);
    if (Object.keys(changed).length === 0) {
      noticeNoChanges(t('samples:noChanges'), t('samples:noChangesDescription', { idflNumber: sample.idflNumber }));
      return;
    }
    const body = Object.fromEntries(Object.entries(changed).map(([k, v]) => [k, v === '' ? null : v]));
    const key = await fire('testerUpdate', sample, { body: { ...body, version: sample.version } });
    if (key) onSaved?.();
  });

  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle className="text-base">{t('form.title')}</CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        <form noValidate aria-label={t('form.title')} className="grid gap-4" onSubmit={submit}>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {TEXTS.map((name) => (
              <TextInputField
                key={name}
                form={form}
                name={name}
                id={`tester-${name}`}
                label={t(`samples:field.${name}`)}
                required={isRequired(name)}
              />
            ))}
            <FormField
              id="tester-country"
              label={requiredLabel(t('samples:field.country'), isRequired('countryCode'))}
              error={errors.countryCode?.message}
            >
              <Controller
                control={form.control}
                name="countryCode"
                render={({ field }) => (
                  <CountrySelect
                    id="tester-country"
                    className="w-full"
                    label={t('samples:field.country')}
                    value={field.value}
                    onChange={field.onChange}
                    placeholder={t('form.chooseCountry')}
                  />
                )}
              />
            </FormField>
            <WeightField
              form={form}
              name="initialWeight"
              id="tester-initial"
              label={t('samples:field.initialWeight')}
              required={isRequired('initialWeight')}
              emptyAs={undefined}
            />
            <WeightField
              form={form}
              name="sentWeight"
              id="tester-sent"
              label={t('samples:field.sentWeight')}
              required={isRequired('sentWeight')}
              emptyAs={null}
            />
            <div className="grid gap-2">
              <Label>{t('samples:field.remainingWeight')}</Label>
              <output
                className="flex h-9 items-center text-sm"
                data-testid="remaining-weight"
                title={t('form.remainingHint')}
              >
                {remaining === undefined ? '—' : formatWeight(remaining)}
              </output>
            </div>
            {LONG_TEXTS.map((name) => (
              <TextareaField
                key={name}
                form={form}
                name={name}
                id={`tester-${name}`}
                className="sm:col-span-2 lg:col-span-3"
                label={t(`samples:field.${name}`)}
                required={isRequired(name)}
              />
            ))}
            {(['smell', 'dirty'] as const).map((name) => (
              <Controller
                key={name}
                control={form.control}
                name={name}
                render={({ field }) => (
                  <div className="flex items-center gap-2">
                    <Checkbox
                      id={`tester-${name}`}
                      checked={field.value ?? false}
                      onCheckedChange={(v) => field.onChange(v === true)}
                    />
                    <Label htmlFor={`tester-${name}`}>{t(`samples:field.${name}`)}</Label>
                  </div>
                )}
              />
            ))}
          </div>
          <div className="grid gap-2">
            <Label>{t('samples:field.images')}</Label>
            <div className="flex flex-wrap items-center gap-2">
              {(images ?? []).map((fileId, index) => (
                <span key={fileId} className="relative">
                  <StoredImage fileId={fileId} alt={t('samples:imageAlt', { index: index + 1 })} />
                  <Button
                    type="button"
                    size="icon"
                    variant="secondary"
                    className="absolute top-1 right-1 size-6"
                    aria-label={t('form.removeImage', { index: index + 1 })}
                    onClick={() =>
                      form.setValue(
                        'imageFileIds',
                        (form.getValues('imageFileIds') ?? []).filter((id) => id !== fileId),
                        { shouldDirty: true },
                      )
                    }
                  >
                    <XIcon />
                  </Button>
                </span>
              ))}
              <input
                ref={fileInput}
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif"
                multiple
                hidden
                onChange={(event) => {
                  const files = [...(event.target.files ?? [])];
                  event.target.value = '';
                  if (files.length) upload.mutate(files);
                }}
              />
              <Button
                type="button"
                variant="outline"
                disabled={upload.isPending}
                onClick={() => fileInput.current?.click()}
              >
                <ImagePlusIcon />
                {t('form.addImages')}
              </Button>
            </div>
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={isQueuing}>
              {t('form.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
