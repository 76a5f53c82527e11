import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LoadProblem, useLoadProblem } from '@/app/components/load-problem';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { formatDisplayDate } from '@/app/components/ui/display-date';
import { selectTriggerClass } from '@/app/components/ui/select-trigger-class';
import { Skeleton } from '@/app/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import { PageFrame } from '@/app/components/page/page-frame';
import { handleError } from '@/app/lib/api/handle-error';
import { isLanguage } from '@/shared/language';
import { formatIsotope } from '@/app/lib/words/numbers';
import { usePermissions } from '@/app/lib/session/use-session';
import { measuredElements, type MeasuredElement } from '@/shared/measurement/measurement';
import type { ProficiencyOutcome } from '@/shared/measurement/measurement-uncertainty';
import { downloadProficiencyCsv, proficiencyQueries, type ProficiencyTest } from './proficiency-queries';
import { RecordRoundDialog } from './record-round-dialog';
import { UncertaintyCard } from './uncertainty-card';
import { formatFixed } from '@/shared/measurement/quantities';

const outcomeBadge = {
  satisfactory: 'secondary',
  questionable: 'warning',
  unsatisfactory: 'destructive',
} as const satisfies Record<ProficiencyOutcome, 'secondary' | 'warning' | 'destructive'>;

/** A satisfactory round reads green, the others as the badge's warning and danger colours. */
const outcomeClass: Record<ProficiencyOutcome, string> = {
  satisfactory: 'bg-emerald-100 text-emerald-900',
  questionable: '',
  unsatisfactory: '',
};

function OutcomeBadge({ outcome }: { outcome: ProficiencyOutcome }) {
  const { t } = useTranslation('quality');
  return (
    <Badge variant={outcomeBadge[outcome]} className={outcomeClass[outcome]} data-outcome={outcome}>
      {t(`outcomes.${outcome}`)}
    </Badge>
  );
}

/** The laboratory's proficiency test rounds, their z-scores and classes, and its measurement uncertainty. */
export function ProficiencyTestsPage() {
  const { t, i18n } = useTranslation('quality');
  const [element, setElement] = useState<MeasuredElement | ''>('');
  const list = useQuery(proficiencyQueries.list(element || undefined));
  const problem = useLoadProblem(list.error);
  const mayRecord = usePermissions().includes('CanManageReferenceMaterial');
  const [recording, setRecording] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadProficiencyCsv(element || undefined, isLanguage(i18n.language) ? i18n.language : 'en');
    } catch (error) {
      handleError(error);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <PageFrame
      title={t('layout:pages.proficiencyTests')}
      actions={
        mayRecord && (
          <Button onClick={() => setRecording(true)}>
            <PlusIcon aria-hidden="true" />
            {t('proficiency.add')}
          </Button>
        )
      }
    >
      <p className="max-w-3xl text-sm text-muted-foreground">{t('proficiency.intro')}</p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <label htmlFor="proficiency-element" className="text-sm font-medium">
            {t('proficiency.columns.element')}
          </label>
          <select
            id="proficiency-element"
            className={selectTriggerClass}
            value={element}
            onChange={(event) => setElement(event.target.value as MeasuredElement | '')}
          >
            <option value="">{t('proficiency.allElements')}</option>
            {measuredElements.map((value) => (
              <option key={value} value={value}>
                {t(`elements.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <Button variant="outline" onClick={() => void download()} disabled={downloading} data-testid="download-csv">
          <DownloadIcon aria-hidden="true" />
          {t('proficiency.exportCsv')}
        </Button>
      </div>
      {problem ? (
        <LoadProblem message={problem} />
      ) : !list.data ? (
        <Skeleton className="h-40 w-full" />
      ) : list.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('proficiency.empty')}</p>
      ) : (
        <RoundsTable rounds={list.data.items} />
      )}
      <UncertaintyCard />
      {mayRecord && <RecordRoundDialog open={recording} onOpenChange={setRecording} />}
    </PageFrame>
  );
}

function RoundsTable({ rounds }: { rounds: ProficiencyTest[] }) {
  const { t, i18n } = useTranslation('quality');
  return (
    <Table aria-label={t('proficiency.title')}>
      <TableHeader>
        <TableRow>
          <TableHead>{t('proficiency.columns.roundDate')}</TableHead>
          <TableHead>{t('proficiency.columns.scheme')}</TableHead>
          <TableHead>{t('proficiency.columns.material')}</TableHead>
          <TableHead>{t('proficiency.columns.element')}</TableHead>
          <TableHead className="text-right">{t('proficiency.columns.assignedValue')}</TableHead>
          <TableHead className="text-right">{t('proficiency.columns.laboratoryValue')}</TableHead>
          <TableHead className="text-right">{t('proficiency.columns.sigma')}</TableHead>
          <TableHead className="text-right">{t('proficiency.columns.z')}</TableHead>
          <TableHead>{t('proficiency.columns.outcome')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rounds.map((round) => (
          <TableRow key={round.id} data-testid={`proficiency-${round.id}`}>
            <TableCell className="whitespace-nowrap">{formatDisplayDate(round.roundDate, i18n.language)}</TableCell>
            <TableCell>
              {round.scheme}
              {round.round && <div className="text-xs text-muted-foreground">{round.round}</div>}
            </TableCell>
            <TableCell>{round.material}</TableCell>
            <TableCell className="whitespace-nowrap">{t(`runs:elements.${round.element}`)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatIsotope(round.assignedValue)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatIsotope(round.laboratoryValue)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatFixed(round.sigma, 2)}</TableCell>
            <TableCell className="text-right tabular-nums" data-testid="z">
              {formatFixed(round.z, 2)}
            </TableCell>
            <TableCell>
              <OutcomeBadge outcome={round.outcome} />
              {round.nonconformity && (
                <div className="mt-1">
                  <Link to="/nonconformities" className="text-xs text-primary underline-offset-2 hover:underline">
                    {t('qc:run.nonconformity', {
                      number: round.nonconformity.id,
                      status: t(`qc:status.${round.nonconformity.status}`),
                    })}
                  </Link>
                </div>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
