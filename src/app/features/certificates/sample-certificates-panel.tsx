import { CopyIcon, ExternalLinkIcon, FileTextIcon, SendIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/app/components/ui/dialog';
import { Label } from '@/app/components/ui/label';
import { Spinner } from '@/app/components/ui/spinner';
import { Textarea } from '@/app/components/ui/textarea';
import { handleError } from '@/app/lib/api/handle-error';
import { translateMessage } from '@/app/lib/words/i18n';
import { usePermissions } from '@/app/lib/session/use-session';
import {
  certificatePath,
  certificateUrl,
  REISSUE_REASON_REQUIRED,
  REVOKE_REASON_REQUIRED,
  type CertificateStatus,
} from '@/shared/certificate';
import {
  openCertificatePdf,
  useIssueSampleCertificate,
  useRevokeSampleCertificate,
  useSampleCertificates,
  useSendSampleCertificate,
} from './certificates-api';
import { formatDisplayDate } from '@/app/components/ui/display-date';

/** Copies the public verification address; where the clipboard is refused, the address is shown to copy by hand. */
async function copyVerificationLink(token: string, t: (key: string, values?: Record<string, unknown>) => string) {
  const url = certificateUrl(window.location.origin, token);
  try {
    await navigator.clipboard.writeText(url);
    toast.success(t('panel.linkCopied'));
  } catch {
    toast.error(t('panel.linkNotCopied', { url }));
  }
}

const statusVariant: Record<CertificateStatus, 'default' | 'destructive' | 'warning'> = {
  Valid: 'default',
  Revoked: 'destructive',
  Superseded: 'warning',
};

/**
 * Asks the reason a revocation or a re-issue needs before it is sent: the revocation's is shown on
 * the public page and mailed to the client, the re-issue's is printed on the new version.
 */
function ReasonDialog({
  id,
  open,
  onOpenChange,
  title,
  description,
  confirm,
  requiredMessage,
  destructive,
  pending,
  onConfirm,
}: {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirm: string;
  requiredMessage: string;
  destructive?: boolean;
  pending: boolean;
  onConfirm: (reason: string, done: () => void) => void;
}) {
  const { t } = useTranslation('certificates');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!reason.trim()) {
      setError(translateMessage(requiredMessage));
      return;
    }
    onConfirm(reason.trim(), () => {
      setReason('');
      onOpenChange(false);
    });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="space-y-2">
          <Label htmlFor={id}>{t('revokeReason')}</Label>
          <Textarea
            id={id}
            value={reason}
            required
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
          />
          {error && (
            <p id={`${id}-error`} className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('panel.cancel')}
          </Button>
          <Button variant={destructive ? 'destructive' : 'default'} disabled={pending} onClick={submit}>
            {pending && <Spinner />}
            {confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A sample's certificates for staff: every version with its standing, the PDF and the public page,
 * and (with CanConfirmFinalResult) issue, re-issue and revoke. For the sample detail screens.
 */
export function SampleCertificatesPanel({ sampleId, sampleStatus }: { sampleId: number; sampleStatus: string }) {
  const { t, i18n } = useTranslation('certificates');
  const permissions = usePermissions();
  const canDecide = permissions.includes('CanConfirmFinalResult');
  const certificates = useSampleCertificates(sampleId);
  const issue = useIssueSampleCertificate(sampleId);
  const send = useSendSampleCertificate(sampleId);
  const revoke = useRevokeSampleCertificate(sampleId);
  const [revoking, setRevoking] = useState(false);
  const [reissuing, setReissuing] = useState(false);
  const list = certificates.data ?? [];
  const current = list.find((certificate) => certificate.status !== 'Superseded');
  // The first certificate is issued from the sample's own Issue certificate button; here, a new version.
  const canIssue = canDecide && sampleStatus === 'Completed' && Boolean(current);

  return (
    <section className="space-y-3" aria-labelledby={`certificates-${sampleId}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`certificates-${sampleId}`} className="font-semibold">
          {t('panel.title')}
        </h3>
        <div className="flex gap-2">
          {canIssue && (
            <Button size="sm" disabled={issue.isPending} onClick={() => setReissuing(true)}>
              {issue.isPending && <Spinner />}
              {t('panel.reissue')}
            </Button>
          )}
          {canDecide && current?.status === 'Valid' && (
            <Button size="sm" variant="destructive" onClick={() => setRevoking(true)}>
              {t('panel.revoke')}
            </Button>
          )}
        </div>
      </div>
      {certificates.isPending ? (
        <Spinner />
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('panel.empty')}</p>
      ) : (
        <ul className="divide-y rounded-md border">
          {list.map((certificate) => (
            <li key={certificate.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
              <Badge variant={statusVariant[certificate.status]}>{t(`status.${certificate.status}`)}</Badge>
              <span className="font-medium">
                {t('fields.version')} {certificate.version}
              </span>
              <span className="text-muted-foreground">
                {formatDisplayDate(certificate.issuedAt, i18n.language)}
                {certificate.signatory ? ` · ${certificate.signatory}` : ''}
              </span>
              {certificate.amendmentReason && (
                <span className="text-muted-foreground">
                  {t('panel.amendsNote', { version: certificate.version - 1, reason: certificate.amendmentReason })}
                </span>
              )}
              {certificate.status === 'Revoked' && certificate.revokeReason && (
                <span className="text-destructive">{t('panel.revokedNote', { reason: certificate.revokeReason })}</span>
              )}
              {certificate.status === 'Superseded' && certificate.supersededById && (
                <span className="text-muted-foreground">
                  {t('panel.supersededNote', {
                    version: list.find((other) => other.id === certificate.supersededById)?.version ?? '—',
                  })}
                </span>
              )}
              <span className="ml-auto flex gap-1">
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => void openCertificatePdf(certificate.token).catch(handleError)}
                >
                  <FileTextIcon />
                  {t('panel.openPdf')}
                </Button>
                <Button size="sm" variant="ghost" asChild>
                  <a href={certificatePath(certificate.token)} target="_blank" rel="noreferrer">
                    <ExternalLinkIcon />
                    {t('panel.openPage')}
                  </a>
                </Button>
                <Button size="sm" variant="ghost" onClick={() => void copyVerificationLink(certificate.token, t)}>
                  <CopyIcon />
                  {t('panel.copyLink')}
                </Button>
                {canDecide && (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={send.isPending}
                    onClick={() =>
                      send.mutate(certificate.version, {
                        onSuccess: (sent) => toast.success(t('panel.sent', { version: sent.version, to: sent.sentTo })),
                      })
                    }
                  >
                    <SendIcon />
                    {t('panel.send')}
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <ReasonDialog
        id={`revoke-reason-${sampleId}`}
        open={revoking}
        onOpenChange={setRevoking}
        title={t('panel.revokeTitle')}
        description={t('panel.revokeDescription')}
        confirm={t('panel.revokeConfirm')}
        requiredMessage={REVOKE_REASON_REQUIRED}
        destructive
        pending={revoke.isPending}
        onConfirm={(reason, done) =>
          revoke.mutate(reason, {
            onSuccess: () => {
              toast.success(t('panel.revoked'));
              done();
            },
          })
        }
      />
      <ReasonDialog
        id={`reissue-reason-${sampleId}`}
        open={reissuing}
        onOpenChange={setReissuing}
        title={t('panel.reissueTitle', { version: (list[0]?.version ?? 0) + 1 })}
        description={t('panel.reissueDescription', { version: list[0]?.version ?? 0 })}
        confirm={t('panel.reissueConfirm')}
        requiredMessage={REISSUE_REASON_REQUIRED}
        pending={issue.isPending}
        onConfirm={(reason, done) =>
          issue.mutate(
            { supersedes: list[0]?.version ?? 0, reason },
            {
              onSuccess: (issued) => {
                toast.success(t('panel.issued', { version: issued.version }));
                done();
              },
            },
          )
        }
      />
    </section>
  );
}
