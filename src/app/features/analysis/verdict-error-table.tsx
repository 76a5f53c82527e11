import { useTranslation } from 'react-i18next';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import { percent } from './sample-values';

/** One claimed region's (or all claims') verdict error rates, for one sample or for lots. */
export type VerdictErrorRow = {
  key: string;
  label: string;
  trueClaims: number;
  falseClaims: number;
  falseConsistentRate: number;
  falseInconsistentRate: number;
  inconclusiveTrueShare: number;
  inconclusiveFalseShare: number;
  cllr?: number;
  cllrMin?: number;
};

/**
 * The error rates of the verdicts by claimed region, the pooled line (key '') last and bold. For
 * lots, the number of lots comes first and the rates' counts say "lots"; Cllr shows when the rows
 * carry it (one sample's likelihood ratios).
 */
export function VerdictErrorTable({ rows, of }: { rows: readonly VerdictErrorRow[]; of: 'samples' | 'lots' }) {
  const { t } = useTranslation('analysis');
  const lots = of === 'lots';
  const counts = lots ? 'report.lotErrors' : 'report.verdictErrors';
  const withCllr = rows.some((r) => r.cllr !== undefined);
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
          {withCllr && <TableHead>{t('report.verdictErrors.cllr')}</TableHead>}
          {withCllr && <TableHead>{t('report.verdictErrors.cllrMin')}</TableHead>}
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
            {withCllr && <TableCell>{r.cllr?.toFixed(3)}</TableCell>}
            {withCllr && <TableCell>{r.cllrMin?.toFixed(3)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
