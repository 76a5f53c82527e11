import { useTranslation } from 'react-i18next';
import { Badge } from '@/app/components/ui/badge';

const VARIANTS: Record<string, 'default' | 'secondary' | 'outline' | 'warning'> = {
  SentToThirdLab: 'warning',
  ThirdLabConfirmed: 'secondary',
  ResultReturned: 'default',
  ResultConfirmed: 'default',
  Completed: 'outline',
};

export function SampleStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('third-lab');
  return (
    <Badge variant={VARIANTS[status] ?? 'outline'} data-status={status}>
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
