import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileDownIcon, FileUpIcon, GaugeIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAnyPermission } from '@/shared/permissions';
import { FilterInput } from '@/app/components/filter-input';
import { ListPager } from '@/app/components/list-pager';
import { ListTable, WIDE_ONLY } from '@/app/components/list-table';
import { useListFilters } from '@/app/components/use-list-filters';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent } from '@/app/components/ui/card';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/app/components/ui/dialog';
import { TableCell, TableHead, TableRow } from '@/app/components/ui/table';
import { cn } from '@/app/components/ui/cn';
import { api } from '@/app/lib/api/api-client';
import { ApiError } from '@/app/lib/api/api-error';
import { handleError } from '@/app/lib/api/handle-error';
import { usePermissions } from '@/app/lib/session/use-session';
import { PageFrame } from '@/app/components/page/page-frame';
import { analysisQueries } from '../analysis-queries';
import { CleanImportDialog } from './clean-import-dialog';
import { MaterialPicker } from '../material-picker';
import { ModelReportView } from './model-report-view';
import { elementLabel } from '../sample-values';
import { formatIsotope } from '@/app/lib/words/numbers';
import { isotopeElements } from '@/shared/measurement/isotope-elements';

const emptyFilters = { sampleCode: '', material: '', region: '', countryCode: '', classify: '', verifiedBy: '' };
type Filters = typeof emptyFilters;
const filterNames = Object.keys(emptyFilters) as (keyof Filters)[];
const elements = isotopeElements;

const presentFilters = (filters: Filters) =>
  Object.fromEntries(
    Object.entries(filters)
      .filter(([, v]) => v.trim() !== '')
      .map(([k, v]) => [k, v.trim()]),
  );

/** Isotope LMD: the clean reference records the origin model learns from; import, export, model report. */
/** The first three isotope ratios (C, H, O: what origin rests on) stay on a bench tablet; the rest give way. */
const elementClass = (index: number) => (index < 3 ? undefined : WIDE_ONLY);

export function IsotopeLmdPage() {
  const { t } = useTranslation('analysis');
  const held = usePermissions();
  const queryClient = useQueryClient();
  const { filters, settled, page, setPage, setFilter } = useListFilters<Filters>(emptyFilters);
  const list = useQuery(analysisQueries.cleanList({ ...presentFilters(settled), ...page }));
  const [importing, setImporting] = useState(false);
  const [reportMaterial, setReportMaterial] = useState('');
  const [reportOpen, setReportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { data, error, response } = await api.POST('/api/clean-isotope/export-csv', {
        params: { query: { path: 'isotope-lmd', ...presentFilters(settled) } },
        parseAs: 'blob',
      });
      if (!response.ok || !data) throw new ApiError(response.status, error);
      const url = URL.createObjectURL(data as Blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = 'isotope-lmd.csv';
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      handleError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <PageFrame
      title={t('lmd.title')}
      actions={
        <>
          {hasAnyPermission(held, ['CanImportCleanSample']) && (
            <Button onClick={() => setImporting(true)}>
              <FileUpIcon />
              {t('lmd.import')}
            </Button>
          )}
          {hasAnyPermission(held, ['CanExportCleanSample']) && (
            <Button variant="outline" disabled={exporting} onClick={() => void exportCsv()}>
              <FileDownIcon />
              {t('lmd.export')}
            </Button>
          )}
        </>
      }
    >
      <Card>
        <CardContent className="flex flex-wrap items-end gap-3">
          <MaterialPicker id="report-material" value={reportMaterial} onChange={setReportMaterial} />
          <Button variant="outline" disabled={!reportMaterial} onClick={() => setReportOpen(true)}>
            <GaugeIcon />
            {t('lmd.modelReport')}
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="grid gap-4">
          <div className="grid gap-2 sm:grid-cols-3 lg:grid-cols-6">
            {filterNames.map((name) => (
              <FilterInput
                key={name}
                label={t(`columns.${name}`)}
                value={filters[name]}
                onChange={(v) => setFilter(name, v)}
              />
            ))}
          </div>
          <div className="overflow-x-auto">
            <ListTable
              columns={7 + elements.length}
              isLoading={list.isLoading}
              error={list.error}
              items={list.data?.items ?? []}
              head={
                <>
                  <TableHead>{t('columns.sampleCode')}</TableHead>
                  <TableHead>{t('columns.material')}</TableHead>
                  <TableHead className={WIDE_ONLY}>{t('columns.region')}</TableHead>
                  <TableHead>{t('columns.countryCode')}</TableHead>
                  <TableHead className={WIDE_ONLY}>{t('lmd.location')}</TableHead>
                  {elements.map((e, i) => (
                    <TableHead key={e} className={elementClass(i)}>
                      {elementLabel(e)}
                    </TableHead>
                  ))}
                  <TableHead>{t('columns.classify')}</TableHead>
                  <TableHead className={WIDE_ONLY}>{t('columns.verifiedBy')}</TableHead>
                </>
              }
              row={(record) => (
                <TableRow key={record.id}>
                  <TableCell className="font-mono text-xs">{record.sampleCode}</TableCell>
                  <TableCell>{record.material}</TableCell>
                  <TableCell className={WIDE_ONLY}>{record.region ?? '—'}</TableCell>
                  <TableCell>{record.countryCode ?? '—'}</TableCell>
                  <TableCell className={cn('font-mono text-xs whitespace-nowrap', WIDE_ONLY)}>
                    {record.latitude !== null && record.longitude !== null
                      ? `${record.latitude.toFixed(3)}, ${record.longitude.toFixed(3)}`
                      : '—'}
                  </TableCell>
                  {elements.map((e, i) => (
                    <TableCell key={e} className={cn('font-mono text-xs', elementClass(i))}>
                      {formatIsotope(record[e])}
                    </TableCell>
                  ))}
                  <TableCell>{record.classify ?? '—'}</TableCell>
                  <TableCell className={WIDE_ONLY}>{record.verifiedBy ?? '—'}</TableCell>
                </TableRow>
              )}
            />
          </div>
          <ListPager total={list.data?.total ?? 0} limit={page.limit} offset={page.offset} onChange={setPage} />
        </CardContent>
      </Card>
      <CleanImportDialog
        open={importing}
        onOpenChange={setImporting}
        onImported={() => void queryClient.invalidateQueries({ queryKey: analysisQueries.all })}
      />
      <Dialog open={reportOpen} onOpenChange={setReportOpen}>
        <DialogContent aria-describedby={undefined} className="sm:max-w-5xl">
          <DialogHeader>
            <DialogTitle>{t('report.title', { material: reportMaterial })}</DialogTitle>
          </DialogHeader>
          <div className="max-h-[75vh] overflow-y-auto">
            {reportOpen && (
              <ModelReportView
                material={reportMaterial}
                canEditCountries={hasAnyPermission(held, ['CanImportCleanSample'])}
              />
            )}
          </div>
        </DialogContent>
      </Dialog>
    </PageFrame>
  );
}
