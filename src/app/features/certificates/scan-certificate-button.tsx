import { useNavigate } from '@tanstack/react-router';
import { QrCodeIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@/app/components/ui/button';
import { onDemand, popupButtonProps } from '@/app/lib/on-demand';

// The scanner's dialog comes when the user reaches for the button, not with every screen showing it.
const useScanDialog = onDemand(() => import('@/app/scan/scan-dialog').then((chunk) => chunk.ScanDialog));

/** "Scan certificate": reads a certificate's QR code (or its typed address) and opens its verification page. */
export function ScanCertificateButton({
  variant = 'outline',
  size = 'sm',
  className,
  compact = false,
}: Pick<ButtonProps, 'variant' | 'size' | 'className'> & {
  /** In the header: the icon alone below desktop width, named for screen readers. */
  compact?: boolean;
}) {
  const { t } = useTranslation('certificates');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { Component: ScanDialog, prefetch, open: fetchDialog } = useScanDialog();
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        aria-label={t('scanCertificate')}
        {...popupButtonProps('dialog', {
          prefetch,
          open: () => {
            setOpen(true);
            fetchDialog();
          },
        })}
        // This button stays when its dialog comes, so it says whether the dialog is open.
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
      >
        <QrCodeIcon />
        <span className={compact ? 'hidden lg:inline' : undefined}>{t('scanCertificate')}</span>
      </Button>
      {ScanDialog && (
        <ScanDialog
          open={open}
          onOpenChange={setOpen}
          title={t('scanCertificate')}
          allowContinuous={false}
          accept={(result) => result.kind === 'certificate'}
          rejectMessage={(text) => t('notACertificate', { text })}
          onScan={(_text, result) => {
            if (result.kind === 'certificate')
              void navigate({ to: '/certificate/$token', params: { token: result.token } });
          }}
        />
      )}
    </>
  );
}
