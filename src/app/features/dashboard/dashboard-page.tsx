import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/app/components/page/page-frame';
import { SummarySection } from './summary-section';
import { AnalysisTrendsCard, BookingChartCard, TurnaroundCard } from './trend-cards';

/** Dashboard: the laboratory at a glance. A role without it is refused by the layout (menu rule). */
export function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'layout']);
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
