import { LockIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { hasAnyPermission } from '@/shared/permissions';
import { Card, CardContent } from '@/app/components/ui/card';
import { usePermissions } from '@/app/lib/use-session';
import { PageFrame } from '@/app/layout/page-frame';
import { SummarySection } from './summary-section';
import { AnalysisTrendsCard, BookingChartCard, TurnaroundCard } from './trend-cards';

/** Dashboard (spec 2 /dashboard): the laboratory at a glance, where every user lands after signing in. */
export function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'layout']);
  const held = usePermissions();
  if (!hasAnyPermission(held, ['CanViewDashboard'])) {
    return (
      <PageFrame title={t('layout:pages.dashboard')}>
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-10 text-center" data-testid="dashboard-forbidden">
            <LockIcon className="size-10 text-muted-foreground" />
            <p className="text-muted-foreground">{t('dashboard:forbidden')}</p>
          </CardContent>
        </Card>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t('layout:pages.dashboard')}>
      <SummarySection />
      <div className="grid gap-4 xl:grid-cols-2">
        <BookingChartCard />
        <TurnaroundCard />
      </div>
      <AnalysisTrendsCard />
    </PageFrame>
  );
}
