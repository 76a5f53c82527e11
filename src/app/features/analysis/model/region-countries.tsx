import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '@/app/components/country-select';
import { Button } from '@/app/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import { api, unwrap } from '@/app/lib/api/api-client';
import { toast } from '@/app/lib/toast';
import { analysisQueries, type ModelReport } from '../analysis-queries';

/**
 * Which country each region of the reference set belongs to: a claim by country (a booking's
 * expected origins, a sample's country) is judged on that country's regions. Editable by those who
 * may import reference data; saving refits the model on the server.
 */
export function RegionCountries({ report, canEdit }: { report: ModelReport; canEdit: boolean }) {
  const { t } = useTranslation('analysis');
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: async (change: { region: string; countryCode: string | null }) =>
      (await unwrap(api.PUT('/api/clean-isotope/region-country', { body: { material: report.material, ...change } })))
        .data,
    onSuccess: (saved) => {
      toast.success(t('regionCountry.saved', { region: saved.region, country: saved.countryCode ?? '—' }));
      void queryClient.invalidateQueries({ queryKey: analysisQueries.all });
    },
  });
  return (
    <div className="grid gap-2" data-testid="region-countries">
      <h3 className="text-sm font-medium">{t('regionCountry.title')}</h3>
      <p className="text-xs text-muted-foreground">{t('regionCountry.hint')}</p>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t('regionCountry.region')}</TableHead>
            <TableHead>{t('regionCountry.records')}</TableHead>
            <TableHead>{t('regionCountry.country')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {report.regions.map((r) => {
            const value = chosen[r.region] ?? r.country ?? '';
            const changed = value !== (r.country ?? '');
            return (
              <TableRow key={r.region}>
                <TableCell className="font-medium">{r.region}</TableCell>
                <TableCell>{r.count}</TableCell>
                <TableCell>
                  {canEdit ? (
                    <div className="flex flex-wrap items-center gap-2">
                      <CountrySelect
                        id={`region-country-${r.region}`}
                        className="w-56"
                        value={value}
                        onChange={(code) => setChosen((current) => ({ ...current, [r.region]: code }))}
                        placeholder={t('regionCountry.none')}
                        label={t('regionCountry.countryOf', { region: r.region })}
                      />
                      <Button
                        size="sm"
                        disabled={!changed || save.isPending}
                        onClick={() => save.mutate({ region: r.region, countryCode: value || null })}
                      >
                        {t('regionCountry.save')}
                      </Button>
                    </div>
                  ) : (
                    (r.country ?? t('regionCountry.none'))
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
