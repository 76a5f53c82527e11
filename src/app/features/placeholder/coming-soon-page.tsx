import { ConstructionIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/app/components/ui/card';
import { PageFrame } from '@/app/features/layout/page-frame';

/** A screen whose work arrives in a later release; its route and title are already final. */
export function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('layout');
  return (
    <PageFrame title={t(titleKey)}>
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <ConstructionIcon className="size-10 text-muted-foreground" />
          <p className="text-muted-foreground">{t('comingSoon')}</p>
        </CardContent>
      </Card>
    </PageFrame>
  );
}
