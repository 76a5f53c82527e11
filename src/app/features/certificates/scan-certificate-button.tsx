import { useNavigate } from '@tanstack/react-router';
import { QrCodeIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@/app/components/ui/button';
import { ScanDialog } from '@/app/scan/scan-dialog';

/** "Scan certificate": reads a certificate's QR code (or its typed address) and opens its verification page. */
export function ScanCertificateButton({
  variant = 'outline',
  size = 'sm',
  className,
}: Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const { t } = useTranslation('certificates');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size={size} className={className} onClick={() => setOpen(true)}>
        <QrCodeIcon />
        {t('scanCertificate')}
      </Button>
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
    </>
  );
}
