import { AlertTriangleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePredictionWords } from '@/app/lib/words/prediction-words';
import { departsFromAnalysis, type ConfirmableSample } from '@/shared/certificate-readiness';
import { Badge } from '@/app/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/app/components/ui/card';
import { formatDisplayDate } from '@/app/components/ui/display-date';
import { translateMessage } from '@/app/lib/words/i18n';
import type { SavedOriginAnalysis } from './supervisor-queries';

const percent = (value: number | null) => (value == null ? '—' : `${(value * 100).toFixed(1)} %`);

function Verdict({ verdict }: { verdict: string }) {
  const { t } = useTranslation('analysis');
  const variant = verdict === 'consistent' ? 'default' : verdict === 'inconsistent' ? 'destructive' : 'warning';
  return <Badge variant={variant}>{t(`verdict.${verdict}`)}</Badge>;
}

/**
 * The verdict of the origin analysis saved to the sample: what the certificate will state. Says
 * plainly when none is saved, and when the supervisor's predicted origin departs from it.
 */
export function OriginVerdictCard({
  sample,
  saved,
}: {
  sample: ConfirmableSample;
  saved: SavedOriginAnalysis | null | undefined;
}) {
  const { t, i18n } = useTranslation('supervisor');
  const predictionWords = usePredictionWords();
  if (saved === undefined) return null;
  return (
    <Card data-testid="origin-verdict">
      <CardHeader>
        <CardTitle>{t('verdict.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {!saved ? (
          <p className="text-muted-foreground">{t('verdict.none')}</p>
        ) : (
          <>
            <p>
              {saved.isAtypical
                ? t('verdict.atypical')
                : t('verdict.predicted', {
                    region: saved.prediction,
                    probability: percent(saved.leadingRegions[0]?.probability ?? null),
                  })}
            </p>
            <p className="text-xs text-muted-foreground">
              {t('verdict.basis', {
                material: saved.material ?? '—',
                version: saved.referenceVersion ?? '—',
                date: formatDisplayDate(saved.analysisDate, i18n.language),
              })}
            </p>
            <ul className="grid gap-1">
              {saved.leadingRegions.map((region) => (
                <li key={region.region} className="flex justify-between gap-2 tabular-nums">
                  <span>{region.region}</span>
                  <span>{percent(region.probability)}</span>
                </li>
              ))}
            </ul>
            <dl className="grid gap-2 sm:grid-cols-2">
              {saved.claimed && (
                <div className="flex flex-wrap items-center gap-2">
                  <dt className="text-muted-foreground">{t('verdict.claimed', { region: saved.claimed.region })}</dt>
                  <dd>
                    <Verdict verdict={saved.claimed.verdict} />
                  </dd>
                </div>
              )}
              <div className="flex flex-wrap items-center gap-2">
                <dt className="text-muted-foreground">{t('verdict.xinjiang')}</dt>
                <dd>
                  <Verdict verdict={saved.xinjiang.verdict} />
                </dd>
              </div>
            </dl>
          </>
        )}
        {departsFromAnalysis(sample, saved ?? null) && (
          <p
            role="alert"
            className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950"
            data-testid="origin-departs"
          >
            <AlertTriangleIcon className="size-4 shrink-0" />
            {t('verdict.departs', {
              typed: predictionWords(sample.predictedOrigin),
              predicted: predictionWords(saved?.prediction),
            })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** Why Confirm final result is not offered yet: the server's own rule, each reason in the reader's language. */
export function ConfirmBlockers({ id, problems }: { id: string; problems: Record<string, string | undefined> }) {
  const { t } = useTranslation('supervisor');
  const messages = Object.values(problems).filter((m): m is string => !!m);
  if (!messages.length) return null;
  return (
    <div id={id} role="status" className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="confirm-blockers">
      <p className="font-medium">{t('decisions.confirm.notYet')}</p>
      <ul className="list-disc ps-5">
        {messages.map((message) => (
          <li key={message}>{translateMessage(message)}</li>
        ))}
      </ul>
    </div>
  );
}
