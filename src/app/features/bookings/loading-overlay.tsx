import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/app/components/ui/spinner';

/**
 * The full-screen overlay shown while a booking is being sent: it covers the page
 * so nothing can be clicked twice, and stops the page from scrolling underneath.
 */
export function LoadingOverlay({ show }: { show: boolean }) {
  const { t } = useTranslation('bookings');

  useEffect(() => {
    if (!show) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [show]);

  if (!show) return null;
  return createPortal(
    <div
      data-testid="loading-overlay"
      role="alertdialog"
      aria-modal="true"
      aria-busy="true"
      aria-label={t('form.sending')}
      className="fixed inset-0 z-[100] flex items-center justify-center bg-white/50 backdrop-blur-[2px]"
    >
      <div className="flex items-center gap-3 rounded-lg bg-background px-5 py-3 shadow-lg">
        <Spinner className="size-6 text-primary" />
        <span className="text-sm font-medium">{t('form.sending')}</span>
      </div>
    </div>,
    document.body,
  );
}
