import { useTranslation } from 'react-i18next';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import type { ClaimErrorRates } from '@/shared/origin-model/verdict-errors';
import { percent } from '../sample-values';

/** One claimed region's (or all claims') verdict error rates, for one sample or for lots, as a row. */
export type VerdictErrorRow = Omit<ClaimErrorRates, 'region'> & { key: string; label: string };

/**
 * The error rates of the verdicts by claimed region, the pooled line (key '') last and bold. For
 * lots, the number of lots comes first and the rates' counts say "lots"; one sample's table also
 * gives its likelihood ratios' Cllr (a lot's are not quoted).
 */
export function VerdictErrorTable({ rows, of }: { rows: readonly VerdictErrorRow[]; of: 'samples' | 'lots' }) {
  const { t } = useTranslation('analysis');
  const lots = of === 'lots';
  const counts = lots ? 'report.lotErrors' : 'report.verdictErrors';
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{t('report.verdictErrors.claimedRegion')}</TableHead>
          {lots && <TableHead>{t('report.lotErrors.lots')}</TableHead>}
          <TableHead>{t('report.verdictErrors.falseConsistent')}</TableHead>
          <TableHead>{t('report.verdictErrors.falseInconsistent')}</TableHead>
          <TableHead>{t('report.verdictErrors.inconclusiveTrue')}</TableHead>
          <TableHead>{t('report.verdictErrors.inconclusiveFalse')}</TableHead>
          {!lots && <TableHead>{t('report.verdictErrors.cllr')}</TableHead>}
          {!lots && <TableHead>{t('report.verdictErrors.cllrMin')}</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.key} className={r.key === '' ? 'font-medium' : undefined}>
            <TableCell>{r.label}</TableCell>
            {lots && <TableCell>{r.trueClaims}</TableCell>}
            <TableCell title={t(`${counts}.ofFalse`, { n: r.falseClaims })}>{percent(r.falseConsistentRate)}</TableCell>
            <TableCell title={t(`${counts}.ofTrue`, { n: r.trueClaims })}>{percent(r.falseInconsistentRate)}</TableCell>
            <TableCell>{percent(r.inconclusiveTrueShare)}</TableCell>
            <TableCell>{percent(r.inconclusiveFalseShare)}</TableCell>
            {!lots && <TableCell>{r.cllr.toFixed(3)}</TableCell>}
            {!lots && <TableCell>{r.cllrMin.toFixed(3)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
