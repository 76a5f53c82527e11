import { useTranslation } from 'react-i18next';
import { Badge } from '@/app/components/ui/badge';
import type { BookingStatus } from './booking-queries';

const VARIANTS = { UnConfirmed: 'warning', Confirmed: 'default', Cancelled: 'destructive' } as const;

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation('bookings');
  return (
    <Badge variant={VARIANTS[status] ?? 'outline'} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
