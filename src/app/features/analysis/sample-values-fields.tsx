import { useTranslation } from 'react-i18next';
import { isotopeElements } from '@/shared/origin-model/estimator';
import { Input } from '@/app/components/ui/input';
import { Label } from '@/app/components/ui/label';
import { elementLabel, type SampleForm } from './sample-values';

/** The fields of one sample: code, the five isotope ratios, claimed and expected origins. */
export function SampleValuesFields({
  idPrefix,
  value,
  onChange,
  regions,
}: {
  idPrefix: string;
  value: SampleForm;
  onChange: (next: SampleForm) => void;
  /** The model's regions, offered as suggestions for the origins. */
  regions: readonly string[];
}) {
  const { t } = useTranslation('analysis');
  const listId = `${idPrefix}-regions`;
  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-code`}>{t('form.sampleCode')}</Label>
        <Input
          id={`${idPrefix}-code`}
          value={value.sampleCode}
          onChange={(e) => onChange({ ...value, sampleCode: e.target.value })}
        />
      </div>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {isotopeElements.map((element) => (
          <div key={element} className="grid gap-1.5">
            <Label htmlFor={`${idPrefix}-${element}`}>{elementLabel(element)} ‰</Label>
            <Input
              id={`${idPrefix}-${element}`}
              inputMode="decimal"
              className="font-mono"
              value={value.values[element]}
              onChange={(e) => onChange({ ...value, values: { ...value.values, [element]: e.target.value } })}
            />
          </div>
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${idPrefix}-claimed`}>{t('form.claimedOrigin')}</Label>
          <Input
            id={`${idPrefix}-claimed`}
            list={listId}
            value={value.claimedOrigin}
            onChange={(e) => onChange({ ...value, claimedOrigin: e.target.value })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${idPrefix}-expected`}>{t('form.expectedOrigins')}</Label>
          <Input
            id={`${idPrefix}-expected`}
            placeholder={t('form.expectedOriginsHint')}
            value={value.expectedOrigins}
            onChange={(e) => onChange({ ...value, expectedOrigins: e.target.value })}
          />
        </div>
      </div>
      <datalist id={listId}>
        {regions.map((region) => (
          <option key={region} value={region} />
        ))}
      </datalist>
    </div>
  );
}
