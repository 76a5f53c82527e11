import { CloudOffIcon, DatabaseIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CachedModel } from './analysis-queries';

/** "3 hours ago" in the screen's language. */
function useAge() {
  const { i18n } = useTranslation();
  const format = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' });
  return (iso: string) => {
    const seconds = (new Date(iso).getTime() - Date.now()) / 1000;
    const units: [Intl.RelativeTimeFormatUnit, number][] = [
      ['day', 86_400],
      ['hour', 3_600],
      ['minute', 60],
    ];
    for (const [unit, size] of units)
      if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
    return format.format(Math.round(seconds), 'second');
  };
}

/** Which reference set the in-browser model was fitted on, how old it is, and whether it is the kept copy. */
export function ModelStatus({ model }: { model: CachedModel }) {
  const { t } = useTranslation('analysis');
  const age = useAge();
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground" data-testid="model-status">
      {model.fromCache ? <CloudOffIcon className="size-3.5" /> : <DatabaseIcon className="size-3.5" />}
      {t('model.status', {
        version: model.referenceVersion,
        fitted: age(model.fittedAt),
        references: model.model.referenceCount,
        regions: model.model.regions.length,
      })}
      {model.fromCache && <span>{t('model.fromCache', { kept: age(model.cachedAt) })}</span>}
    </p>
  );
}
