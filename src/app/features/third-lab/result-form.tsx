import { zodResolver } from '@hookform/resolvers/zod';
import { FileTextIcon, UploadIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isotopeFields, resultFormSchema, uncertaintyFields, type UpdateResult } from '@/shared/schemas/third-lab';
import { isRequiredField } from '@/shared/schemas/required-fields';
import { Button } from '@/app/components/ui/button';
import { DecimalField, TextareaField } from '@/app/components/form-fields';
import { handleError } from '@/app/lib/api/handle-error';
import type { StoredFile } from './third-lab-queries';

type ResultFormValues = z.input<typeof resultFormSchema>;

export type ResultFormDefaults = {
  notes?: string | null;
  carbon?: number | null;
  hydrogen?: number | null;
  oxygen?: number | null;
  carbonUncertainty?: number | null;
  hydrogenUncertainty?: number | null;
  oxygenUncertainty?: number | null;
  nitrogen?: number | null;
  sulfur?: number | null;
  nitrogenUncertainty?: number | null;
  sulfurUncertainty?: number | null;
  reportFileId?: string | null;
};

/** The star of each field, as the form's own check would refuse it empty. */
const isRequired = (name: keyof ResultFormValues) => isRequiredField(resultFormSchema, name);

/**
 * The third lab's result: notes, the three delta values (and δ15N, δ34S when measured) each with
 * its optional expanded uncertainty beside it, and an optional PDF report. The PDF is stored as soon as it is chosen (`uploadPdf`),
 * and the result then refers to it by id.
 */
export function ResultForm({
  defaults,
  uploadPdf,
  onSubmit,
  submitLabel,
}: {
  defaults: ResultFormDefaults;
  uploadPdf: (file: File) => Promise<StoredFile>;
  onSubmit: (values: UpdateResult) => Promise<void> | void;
  submitLabel?: string;
}) {
  const { t } = useTranslation('third-lab');
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [report, setReport] = useState<{ id: string; name: string } | null>(
    defaults.reportFileId ? { id: defaults.reportFileId, name: t('result.existingReport') } : null,
  );
  const [isUploading, setUploading] = useState(false);
  const form = useForm<ResultFormValues>({
    resolver: zodResolver(resultFormSchema),
    defaultValues: {
      notes: defaults.notes ?? '',
      carbon: defaults.carbon ?? null,
      hydrogen: defaults.hydrogen ?? null,
      oxygen: defaults.oxygen ?? null,
      carbonUncertainty: defaults.carbonUncertainty ?? null,
      hydrogenUncertainty: defaults.hydrogenUncertainty ?? null,
      oxygenUncertainty: defaults.oxygenUncertainty ?? null,
      nitrogen: defaults.nitrogen ?? null,
      sulfur: defaults.sulfur ?? null,
      nitrogenUncertainty: defaults.nitrogenUncertainty ?? null,
      sulfurUncertainty: defaults.sulfurUncertainty ?? null,
      reportFileId: defaults.reportFileId ?? null,
    },
  });
  const { isSubmitting } = form.formState;

  const choosePdf = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const stored = await uploadPdf(file);
      setReport({ id: stored.id, name: stored.name });
      form.setValue('reportFileId', stored.id, { shouldDirty: true });
    } catch (error) {
      handleError(error);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const submit = form.handleSubmit(async (values) => {
    const parsed = resultFormSchema.parse(values);
    await onSubmit({ ...parsed, notes: parsed.notes || null });
  });

  return (
    <form noValidate className="grid gap-4" aria-label={t('result.title')} onSubmit={submit}>
      <div className="grid gap-3 sm:grid-cols-3">
        {isotopeFields.map((name) => (
          <div key={name} className="grid content-start gap-2">
            <DecimalField
              form={form}
              name={name}
              id={`${id}-${name}`}
              label={t(`result.${name}`)}
              required={isRequired(name)}
            />
            <DecimalField
              form={form}
              name={uncertaintyFields[name]}
              id={`${id}-${uncertaintyFields[name]}`}
              label={t(`result.${uncertaintyFields[name]}`)}
              required={isRequired(uncertaintyFields[name])}
            />
          </div>
        ))}
      </div>
      <TextareaField form={form} name="notes" id={`${id}-notes`} label={t('result.notes')} rows={3} />
      <div className="grid gap-2">
        <span className="text-sm font-medium">{t('result.report')}</span>
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={fileInput}
            type="file"
            accept="application/pdf,.pdf"
            className="sr-only"
            id={`${id}-pdf`}
            aria-label={t('result.choosePdf')}
            onChange={(event) => void choosePdf(event.target.files?.[0])}
          />
          <Button type="button" variant="outline" disabled={isUploading} onClick={() => fileInput.current?.click()}>
            <UploadIcon />
            {isUploading ? t('result.uploading') : t('result.choosePdf')}
          </Button>
          {report && (
            <span className="flex items-center gap-1 text-sm" data-testid="result-report">
              <FileTextIcon className="size-4" />
              {report.name}
            </span>
          )}
        </div>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting || isUploading}>
          {submitLabel ?? t('result.save')}
        </Button>
      </div>
    </form>
  );
}
