import { useTranslation } from 'react-i18next';
import { OptionSelect } from '@/app/components/option-select';
import { Label } from '@/app/components/ui/label';
import { useMaterials } from './analysis-queries';

/** The materials that have reference data, with their record and region counts. */
export function MaterialPicker({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (material: string) => void;
}) {
  const { t } = useTranslation('analysis');
  const materials = useMaterials();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{t('form.material')}</Label>
      <OptionSelect
        id={id}
        className="w-full sm:w-72"
        placeholder={t('form.chooseMaterial')}
        value={value}
        onValueChange={onChange}
        options={(materials.data ?? []).map((m) => ({
          value: m.material,
          label: t('form.materialOption', { material: m.material, records: m.recordCount, regions: m.regionCount }),
        }))}
      />
      {materials.data?.length === 0 && <p className="text-sm text-muted-foreground">{t('form.noMaterials')}</p>}
    </div>
  );
}
