import { ZapIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/app/components/ui/badge';

/**
 * The mark of a rush booking (the client asked for rush service), wherever the booking or its samples
 * are listed: a word beside an icon, never colour alone. Renders nothing for an ordinary booking.
 */
export function RushBadge({ rush }: { rush: boolean | null | undefined }) {
  const { t } = useTranslation('common');
  if (!rush) return null;
  return (
    <Badge variant="destructive" data-rush="true" className="ml-1 align-middle">
      <ZapIcon aria-hidden="true" />
      {t('rush')}
    </Badge>
  );
}
