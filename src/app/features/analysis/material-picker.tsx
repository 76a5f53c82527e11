import { useTranslation } from 'react-i18next';
import { Label } from '@/app/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/app/components/ui/select';
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
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full sm:w-72">
          <SelectValue placeholder={t('form.chooseMaterial')} />
        </SelectTrigger>
        <SelectContent>
          {(materials.data ?? []).map((m) => (
            <SelectItem key={m.material} value={m.material}>
              {t('form.materialOption', { material: m.material, records: m.recordCount, regions: m.regionCount })}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {materials.data?.length === 0 && <p className="text-sm text-muted-foreground">{t('form.noMaterials')}</p>}
    </div>
  );
}
