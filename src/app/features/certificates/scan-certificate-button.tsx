import { useNavigate } from '@tanstack/react-router';
import { QrCodeIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@/app/components/ui/button';

// The scanner's dialog comes with the first press, not with every screen showing the button
// (README "Performance").
const ScanDialog = lazy(() => import('@/app/scan/scan-dialog').then((chunk) => ({ default: chunk.ScanDialog })));

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
  const [pressed, setPressed] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        aria-label={t('scanCertificate')}
        onClick={() => {
          setPressed(true);
          setOpen(true);
        }}
      >
        <QrCodeIcon />
        <span className={compact ? 'hidden lg:inline' : undefined}>{t('scanCertificate')}</span>
      </Button>
      {pressed && (
        <Suspense fallback={null}>
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
        </Suspense>
      )}
    </>
  );
}
