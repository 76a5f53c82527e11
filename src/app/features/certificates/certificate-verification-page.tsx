import { CircleCheckIcon, CircleHelpIcon, CircleXIcon, HistoryIcon, QrCodeIcon, ShieldAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePredictionWords } from '@/app/lib/words/prediction-words';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent } from '@/app/components/ui/card';
import { Spinner } from '@/app/components/ui/spinner';
import { cn } from '@/app/components/ui/cn';
import { BrandLogo } from '@/app/components/brand';
import { LanguageSwitch } from '@/app/components/language/language-switch';
import { ApiError } from '@/app/lib/api/api-error';
import {
  formatDelta,
  PRODUCT_NAME,
  type CertificateVerification,
  type OriginConsistency,
  type VerificationStatus,
} from '@/shared/certificate';
import { useCertificateVerification } from './certificates-api';
import { ScanCertificateButton } from './scan-certificate-button';
import { useDocumentTitle } from '@/app/lib/use-document-title';
import { formatDisplayDate } from '@/app/components/ui/display-date';
import { enfsiVerbalScale, formatLikelihoodRatio, isQuotableCllr } from '@/shared/likelihood-ratio';
import { roleLabel } from '@/shared/role-labels';

// The public verification page (/certificate/$token): no sign-in. Anyone holding a certificate
// sees whether it stands, and what it certifies, in the certificate's own words.

const statusLook: Record<VerificationStatus | 'Unknown', { icon: typeof CircleCheckIcon; className: string }> = {
  Valid: { icon: CircleCheckIcon, className: 'border-emerald-300 bg-emerald-50 text-emerald-900' },
  Revoked: { icon: CircleXIcon, className: 'border-red-300 bg-red-50 text-red-900' },
  Tampered: { icon: ShieldAlertIcon, className: 'border-red-300 bg-red-50 text-red-900' },
  Superseded: { icon: HistoryIcon, className: 'border-amber-300 bg-amber-50 text-amber-900' },
  Unknown: { icon: CircleHelpIcon, className: 'border-slate-300 bg-slate-50 text-slate-900' },
};

function StatusBanner({
  status,
  title,
  children,
}: {
  status: VerificationStatus | 'Unknown';
  title: string;
  children?: ReactNode;
}) {
  const { icon: Icon, className } = statusLook[status];
  return (
    <div
      role="status"
      data-certificate-status={status}
      className={cn('flex items-start gap-3 rounded-lg border p-4', className)}
    >
      <Icon className="mt-0.5 size-6 shrink-0" aria-hidden="true" />
      <div className="space-y-1">
        <p className="text-lg font-semibold">{title}</p>
        {children}
      </div>
    </div>
  );
}

function CertificateFacts({ certificate }: { certificate: CertificateVerification }) {
  const { t, i18n } = useTranslation(['certificates', 'roles']);
  const predictionWords = usePredictionWords();
  const results = certificate.results;
  const rows: [string, string | null][] = [
    ['idflNumber', certificate.idflNumber],
    ['sampleType', certificate.sampleType],
    ['client', certificate.client],
    ['carbon', formatDelta(results.carbon, results.carbonUncertainty)],
    ['hydrogen', formatDelta(results.hydrogen, results.hydrogenUncertainty)],
    ['oxygen', formatDelta(results.oxygen, results.oxygenUncertainty)],
    // Measured for some materials only: a row when the certificate holds a value.
    ...(results.nitrogen != null
      ? [['nitrogen', formatDelta(results.nitrogen, results.nitrogenUncertainty)] as [string, string]]
      : []),
    ...(results.sulfur != null
      ? [['sulfur', formatDelta(results.sulfur, results.sulfurUncertainty)] as [string, string]]
      : []),
    ['conclusion', certificate.conclusion],
    ['predictedOrigin', predictionWords(certificate.predictedOrigin)],
    ['issuedAt', formatDisplayDate(certificate.issuedAt, i18n.language)],
    ['signatory', certificate.signatory],
    // Printed under the name on certificates issued since the function was; the role's label in the reader's language.
    ...(certificate.signatoryRole
      ? [['signatoryRole', roleLabel(certificate.signatoryRole, t)] as [string, string]]
      : []),
    ['laboratory', certificate.laboratory],
    ['version', String(certificate.version)],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
      {rows.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-sm font-medium text-muted-foreground">{t(`fields.${key}`)}</dt>
          <dd className="font-medium break-words" data-field={key}>
            {value || '—'}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function VerificationResult({ token }: { token: string }) {
  const { t, i18n } = useTranslation('certificates');
  const verification = useCertificateVerification(token);
  if (verification.isPending) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground">
        <Spinner /> {t('checking')}
      </p>
    );
  }
  if (verification.isError) {
    const status = verification.error instanceof ApiError ? verification.error.status : 0;
    if (status === 404 || status === 400) {
      return (
        <StatusBanner status="Unknown" title={t('unknownTitle')}>
          <p>{t('unknownDescription')}</p>
        </StatusBanner>
      );
    }
    return (
      <StatusBanner status="Unknown" title={t(status === 429 ? 'tooManyTitle' : 'failedTitle')}>
        <p>{t(status === 429 ? 'tooManyDescription' : 'failedDescription')}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void verification.refetch()}>
          {t('retry')}
        </Button>
      </StatusBanner>
    );
  }
  const certificate = verification.data;
  return (
    <div className="space-y-6">
      <StatusBanner status={certificate.status} title={t(`status.${certificate.status}`)}>
        <p>
          {t(`statusDescription.${certificate.status}`, {
            date: formatDisplayDate(certificate.revokedAt, i18n.language),
          })}
        </p>
        {certificate.status === 'Revoked' && certificate.revokeReason && (
          <p>
            <span className="font-medium">{t('revokeReason')}:</span> {certificate.revokeReason}
          </p>
        )}
        {certificate.amendmentReason && (
          <p>
            <span className="font-medium">{t('amendmentReason')}:</span> {certificate.amendmentReason}
          </p>
        )}
        {/* A replaced version names the one in force now, so its holder knows what to ask for. */}
        {certificate.currentVersion && (
          <p data-field="currentVersion">
            {certificate.currentVersion.status === 'Revoked'
              ? t('currentVersionRevoked', { version: certificate.currentVersion.version })
              : t('currentVersion', {
                  version: certificate.currentVersion.version,
                  date: formatDisplayDate(certificate.currentVersion.issuedAt, i18n.language),
                })}
          </p>
        )}
      </StatusBanner>
      {/* An altered certificate's facts are not what the laboratory issued: they are not shown. */}
      {certificate.status !== 'Tampered' && (
        <>
          <CertificateFacts certificate={certificate} />
          <OriginStatement certificate={certificate} />
        </>
      )}
    </div>
  );
}

const percentOf = (value: number | null | undefined) => (value == null ? '—' : `${(value * 100).toFixed(1)} %`);

/** The origin analysis' verdict exactly as the certificate states it, or the laboratory's stated basis. */
function OriginStatement({ certificate }: { certificate: CertificateVerification }) {
  const { t } = useTranslation('certificates');
  const origin = certificate.origin;
  // No records of the region, no verdict: "inconclusive" would read as "cannot be excluded".
  const verdictWords = (c: OriginConsistency) =>
    c.isKnownRegion ? t(`origin.verdict.${c.verdict}`) : t('origin.notAssessed');
  if (!origin && !certificate.originReason) return null;
  return (
    <section className="space-y-2 text-sm" data-testid="origin-statement" aria-labelledby="origin-statement">
      <h2 id="origin-statement" className="font-semibold">
        {t('origin.title')}
      </h2>
      {origin ? (
        <>
          <p data-field="originVerdict">
            {origin.isAtypical || !origin.prediction
              ? t('origin.atypical')
              : t('origin.predicted', {
                  region: origin.prediction,
                  probability: percentOf(origin.leadingRegions[0]?.probability),
                })}
          </p>
          {origin.claimed && (
            <p>
              {t('origin.claimed', { region: origin.claimed.claim?.trim() || origin.claimed.region })}:{' '}
              {verdictWords(origin.claimed)}
            </p>
          )}
          <p>
            {t('origin.xinjiang')}: {verdictWords(origin.xinjiang)}
          </p>
          <LikelihoodLine origin={origin} />
          <p className="text-muted-foreground">
            {t('origin.model', {
              model: origin.modelName,
              version: origin.modelVersion,
              records: origin.referenceSet.recordCount,
              regions: origin.referenceSet.regionCount,
            })}
          </p>
        </>
      ) : (
        <p>{t('origin.none')}</p>
      )}
      {certificate.originReason && (
        <p>
          <span className="font-medium">{t('origin.basis')}:</span> {certificate.originReason}
        </p>
      )}
    </section>
  );
}

export function CertificateVerificationPage({ token }: { token: string }) {
  const { t } = useTranslation('certificates');
  useDocumentTitle(t('title'));
  return (
    <div className="flex min-h-svh flex-col bg-muted/30">
      <header className="flex h-[60px] items-center justify-between border-b bg-background px-4">
        <div className="flex items-center gap-2 font-semibold">
          <BrandLogo className="size-8" />
          {PRODUCT_NAME}
        </div>
        <LanguageSwitch />
      </header>
      <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <p className="text-sm font-medium tracking-wide text-primary uppercase">{t('subtitle')}</p>
            <h1 className="text-2xl font-semibold">{t('title')}</h1>
          </div>
          <ScanCertificateButton />
        </div>
        <Card>
          <CardContent className="space-y-6">
            <VerificationResult token={token} />
          </CardContent>
        </Card>
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <QrCodeIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('note')}
        </p>
      </main>
    </div>
  );
}

/** The claim's likelihood ratio with its ENFSI words, and whether its Cllr lets it be quoted. */
function LikelihoodLine({ origin }: { origin: NonNullable<CertificateVerification['origin']> }) {
  const { t } = useTranslation('certificates');
  const lr = origin.likelihoodRatio;
  const scale = lr ? enfsiVerbalScale(lr.value) : null;
  if (!lr || !scale || !origin.claimed) return null;
  const words =
    scale.direction === 'neither'
      ? t('origin.enfsi.neither')
      : t(`origin.enfsi.${scale.direction}`, { level: t(`origin.enfsi.levels.${scale.level}`) });
  return (
    <p data-field="likelihoodRatio">
      {t('origin.likelihood', { lr: formatLikelihoodRatio(lr.value), words })}{' '}
      <span className="text-muted-foreground">
        {isQuotableCllr(lr.cllr)
          ? t('origin.quotable', { cllr: (lr.cllr ?? 0).toFixed(2) })
          : t('origin.notQuotable', { cllr: lr.cllr == null ? '—' : lr.cllr.toFixed(2) })}
      </span>
    </p>
  );
}
