import { ClockIcon, ShieldCheckIcon, TriangleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { sectionId } from './booking-form-fields';

/** The guide's eight steps, each pointing at the part of the form it explains; then the final step. */
const GUIDE_STEPS = [
  { key: 'applicant', section: 'applicant' },
  { key: 'preparedDate', section: 'samples' },
  { key: 'sampleTypes', section: 'samples' },
  { key: 'services', section: 'samples' },
  { key: 'payer', section: 'payer' },
  { key: 'factory', section: 'factory' },
  { key: 'retailer', section: 'retailer' },
  { key: 'attachments', section: 'review' },
] as const;

/** The side guide: eight steps, a final step, and the notes. Sticky beside the form on wide screens. */
export function SubmissionGuide() {
  const { t } = useTranslation('submittal');
  return (
    <aside aria-labelledby="guide-title" className="lg:sticky lg:top-[76px] lg:self-start">
      <div className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
        <h2 id="guide-title" className="font-semibold">
          {t('guide.title')}
        </h2>
        <GuideSteps linked />
        <GuideNotes />
      </div>
    </aside>
  );
}

export function GuideSteps({ linked = false }: { linked?: boolean }) {
  const { t } = useTranslation('submittal');
  return (
    <ol className="grid gap-3 text-sm" aria-label={t('guide.steps')}>
      {GUIDE_STEPS.map((step, index) => (
        <li key={step.key} className="flex gap-3">
          <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary">
            {index + 1}
          </span>
          <span>
            {linked ? (
              <a href={`#${sectionId(step.section)}`} className="font-medium hover:underline">
                {t(`guide.${step.key}.title`)}
              </a>
            ) : (
              <span className="font-medium">{t(`guide.${step.key}.title`)}</span>
            )}
            <span className="block text-muted-foreground">{t(`guide.${step.key}.text`)}</span>
          </span>
        </li>
      ))}
      <li className="flex gap-3">
        <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
          ✓
        </span>
        <span>
          <span className="font-medium">{t('guide.final.title')}</span>
          <span className="block text-muted-foreground">{t('guide.final.text')}</span>
        </span>
      </li>
    </ol>
  );
}

export function GuideNotes() {
  const { t } = useTranslation('submittal');
  return (
    <ul className="grid gap-2 rounded-lg bg-muted/60 p-3 text-sm" aria-label={t('guide.notes')}>
      <li className="flex gap-2">
        <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
        {t('guide.noteIncomplete')}
      </li>
      <li className="flex gap-2">
        <ClockIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        {t('guide.noteUrgent')}
      </li>
      <li className="flex gap-2">
        <ShieldCheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        {t('guide.noteConfidential')}
      </li>
    </ul>
  );
}
