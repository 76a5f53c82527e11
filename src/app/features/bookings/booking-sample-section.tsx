import { MinusIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { maxSamplePreparedDate, minSamplePreparedDate } from '@/shared/schemas/booking-defaults';
import { Button } from '@/app/components/ui/button';
import { DatePicker, typingExample } from '@/app/components/ui/date-picker';
import { FieldError, FormField } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { requiredLabel } from '@/app/components/ui/form-field';
import { Label } from '@/app/components/ui/label';
import { useFormValue, useItemKeys } from '@/app/lib/form-state';
import {
  CheckboxField,
  FormSection,
  NotesField,
  TextField,
  useBookingControl,
  useBookingFormState,
  useFieldError,
  useTextControl,
} from './booking-form-fields';

// The booking form's samples section: the prepared date, the sample types with their expected
// origins, the services and the report options.

// ---- 2. samples --------------------------------------------------------------------------------

export function SampleSection() {
  const { t, i18n } = useTranslation('bookings');
  const form = useBookingFormState();
  const sampleTypes = useItemKeys(form, 'sampleTypes');
  const preparedDate = useFormValue(form, 'samplePreparedDate');
  const date = useBookingControl('samplePreparedDate');
  const listError = useFieldError('sampleTypes');

  return (
    <FormSection section="samples">
      <div className="grid items-start gap-4 md:grid-cols-2">
        <FormField
          id={date.id}
          label={requiredLabel(t('form.samples.preparedDate'), true)}
          error={date.error}
          hint={t('form.samples.preparedDateHint', { example: typingExample(i18n.language) })}
        >
          <DatePicker
            {...date.controlProps}
            name="samplePreparedDate"
            value={typeof preparedDate === 'string' ? preparedDate : ''}
            onChange={(value) => form.setValue('samplePreparedDate', value)}
            min={minSamplePreparedDate()}
            max={maxSamplePreparedDate()}
            invalid={Boolean(date.error)}
          />
        </FormField>
        <NotesField path="sampleDescription" label={t('form.samples.description_field')} rows={2} />
      </div>

      <div className="grid gap-3" data-field="sampleTypes">
        <div className="flex items-center justify-between gap-2">
          <h3 className="font-medium">{t('form.samples.types')}</h3>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              form.append('sampleTypes', { type: '', composition: '', expectedOrigins: [{ origin: '' }], notes: '' })
            }
          >
            <PlusIcon />
            {t('form.samples.addType')}
          </Button>
        </div>
        {sampleTypes.map((key, index) => (
          <SampleTypeCard
            key={key}
            index={index}
            canRemove={sampleTypes.length > 1}
            onRemove={() => form.remove('sampleTypes', index)}
          />
        ))}
        <FieldError message={listError} />
      </div>

      <div className="grid gap-3 md:grid-cols-2">
        <CheckboxField
          path="rushService"
          label={t('form.samples.rushService')}
          hint={t('form.samples.rushServiceHint')}
        />
        <CheckboxField path="returnSample" label={t('form.samples.returnSample')} />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('form.samples.reportOptions')}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <CheckboxField path="sendReportEmail" label={t('form.samples.reportEmail')} />
          <CheckboxField path="sendReportHardcopy" label={t('form.samples.reportHardcopy')} />
          <CheckboxField path="sendReportFax" label={t('form.samples.reportFax')} />
        </div>
      </fieldset>
      <NotesField path="specialInstructions" label={t('form.samples.specialInstructions')} rows={3} />
    </FormSection>
  );
}

function SampleTypeCard({ index, canRemove, onRemove }: { index: number; canRemove: boolean; onRemove: () => void }) {
  const { t } = useTranslation('bookings');
  const form = useBookingFormState();
  const originsPath = `sampleTypes.${index}.expectedOrigins` as const;
  const origins = useItemKeys(form, originsPath);
  const originsError = useFieldError(originsPath);

  return (
    <fieldset
      className="grid gap-4 rounded-lg border p-4"
      aria-label={t('form.samples.typeNumber', { number: index + 1 })}
    >
      <div className="flex items-center justify-between">
        <legend className="font-medium">{t('form.samples.typeNumber', { number: index + 1 })}</legend>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={!canRemove}
          aria-label={t('form.samples.removeTypeNumber', { number: index + 1 })}
          onClick={onRemove}
        >
          <Trash2Icon />
          {t('form.samples.removeType')}
        </Button>
      </div>
      <div className="grid items-start gap-4 md:grid-cols-2">
        <TextField
          path={`sampleTypes.${index}.type`}
          label={t('form.samples.type')}
          required
          hint={t('form.samples.typeHint')}
        />
        <TextField path={`sampleTypes.${index}.composition`} label={t('form.samples.composition')} required />
      </div>
      <div className="grid gap-2">
        <Label>{requiredLabel(t('form.samples.expectedOrigins'), true)}</Label>
        {origins.map((key, originIndex) => (
          <OriginRow
            key={key}
            path={`${originsPath}.${originIndex}.origin`}
            number={originIndex + 1}
            canRemove={origins.length > 1}
            onRemove={() => form.remove(originsPath, originIndex)}
          />
        ))}
        <FieldError message={originsError} />
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          data-field={originsPath}
          onClick={() => form.append(originsPath, { origin: '' })}
        >
          <PlusIcon />
          {t('form.samples.addOrigin')}
        </Button>
      </div>
      <NotesField path={`sampleTypes.${index}.notes`} label={t('form.samples.notes')} rows={2} />
    </fieldset>
  );
}

function OriginRow({
  path,
  number,
  canRemove,
  onRemove,
}: {
  path: `sampleTypes.${number}.expectedOrigins.${number}.origin`;
  number: number;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation('bookings');
  const text = useTextControl(path);
  const { id, error, controlProps } = useBookingControl(path);
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        <Input
          {...controlProps}
          aria-label={t('form.samples.originNumber', { number })}
          placeholder={t('form.samples.originPlaceholder')}
          {...text}
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          disabled={!canRemove}
          aria-label={t('form.samples.removeOriginNumber', { number })}
          onClick={onRemove}
        >
          <MinusIcon />
        </Button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
