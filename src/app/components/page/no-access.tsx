import { LockIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/app/components/ui/card';
import { PageFrame } from './page-frame';

/** A screen the user's role may not use: said in words, with what to do about it. */
export function NoAccess({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('layout');
  const screen = t(titleKey);
  return (
    <PageFrame title={screen}>
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center" data-testid="screen-forbidden">
          <LockIcon className="size-10 text-muted-foreground" aria-hidden />
          <p className="text-muted-foreground">{t('noAccess', { screen })}</p>
        </CardContent>
      </Card>
    </PageFrame>
  );
}
