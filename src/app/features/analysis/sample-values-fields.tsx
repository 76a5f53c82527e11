import { useMemo } from 'react';
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
  /** The model's regions with their countries, offered as choices for the claimed origin. */
  regions: readonly ModelRegion[];
}) {
  const { t, i18n } = useTranslation('analysis');
  const listId = `${idPrefix}-regions`;
  const groups = useMemo(() => claimGroups(regions, i18n.language), [regions, i18n.language]);
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
          {/* Clients claim a country as often as a region: both are offered, each country with its regions. */}
          <select
            aria-label={t('form.pickClaim')}
            className="h-9 rounded-md border bg-background px-2 text-sm"
            value=""
            onChange={(e) => e.target.value && onChange({ ...value, claimedOrigin: e.target.value })}
          >
            <option value="">{t('form.pickClaim')}</option>
            {groups.map((group) => (
              <optgroup key={group.code ?? ''} label={group.name ?? t('form.otherRegions')}>
                {group.name && <option value={group.name}>{t('form.wholeCountry', { country: group.name })}</option>}
                {group.regions.map((region) => (
                  <option key={region} value={region}>
                    {region}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
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
        {groups.flatMap((group) => [
          ...(group.name ? [<option key={`country-${group.code}`} value={group.name} />] : []),
          ...group.regions.map((region) => <option key={region} value={region} />),
        ])}
      </datalist>
    </div>
  );
}

type ModelRegion = { region: string; country?: string | null };

/** The model's regions grouped by country (named in the reader's language), those without one last. */
function claimGroups(regions: readonly ModelRegion[], language: string) {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  const byCode = new Map<string | null, string[]>();
  for (const r of regions) byCode.set(r.country ?? null, [...(byCode.get(r.country ?? null) ?? []), r.region]);
  const nameOf = (code: string) => {
    try {
      return names.of(code) ?? code;
    } catch {
      return code;
    }
  };
  return [...byCode.entries()]
    .map(([code, members]) => ({ code, name: code ? nameOf(code) : null, regions: members.sort() }))
    .sort((a, b) => (a.name === null ? 1 : b.name === null ? -1 : a.name.localeCompare(b.name, language)));
}
