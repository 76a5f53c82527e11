import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadProblem, useLoadProblem } from '@/app/components/load-problem';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/app/components/ui/dialog';
import { formatDisplayDate } from '@/app/components/ui/display-date';
import { Input } from '@/app/components/ui/input';
import { Label } from '@/app/components/ui/label';
import { Skeleton } from '@/app/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import { Textarea } from '@/app/components/ui/textarea';
import { PageFrame } from '@/app/components/page/page-frame';
import { WRAPS } from '@/app/components/list-table';
import { formatFixed } from '@/shared/measurement/quantities';
import { handleError } from '@/app/lib/api/handle-error';
import { toast } from '@/app/lib/toast';
import { usePermissions, useStoredLogin } from '@/app/lib/session/use-session';
import { NONCONFORMITY_JUSTIFICATION_MIN } from '@/shared/measurement/qc';
import { qcQueries, useReleaseNonconformity, type Nonconformity } from './qc-queries';

type Shown = 'open' | 'released' | 'all';

/**
 * The non-conformities rejected runs and unsatisfactory proficiency rounds opened: what broke, which
 * run or round, the samples held, and their release.
 */
export function NonconformitiesPage() {
  const { t, i18n } = useTranslation('qc');
  const [shown, setShown] = useState<Shown>('open');
  const list = useQuery(qcQueries.list(shown === 'all' ? undefined : shown));
  const problem = useLoadProblem(list.error);
  const mayRelease = usePermissions().includes('CanReleaseNonConformity');
  return (
    <PageFrame title={t('title')}>
      <p className="mb-4 max-w-3xl text-sm text-muted-foreground">{t('intro')}</p>
      <div className="mb-4 flex items-center gap-2" role="group" aria-label={t('filter.label')}>
        {(['open', 'released', 'all'] as const).map((value) => (
          <Button
            key={value}
            size="sm"
            variant={shown === value ? 'default' : 'outline'}
            aria-pressed={shown === value}
            onClick={() => setShown(value)}
          >
            {t(`filter.${value}`)}
          </Button>
        ))}
      </div>
      {problem ? (
        <LoadProblem message={problem} />
      ) : !list.data ? (
        <Skeleton className="h-40 w-full" />
      ) : list.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('empty')}</p>
      ) : (
        <Table aria-label={t('title')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('columns.number')}</TableHead>
              <TableHead>{t('columns.rules')}</TableHead>
              <TableHead>{t('columns.run')}</TableHead>
              <TableHead>{t('columns.samples')}</TableHead>
              <TableHead>{t('columns.status')}</TableHead>
              {mayRelease && <TableHead>{t('columns.actions')}</TableHead>}
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.data.items.map((record) => (
              <TableRow key={record.id} data-testid={`nonconformity-${record.id}`}>
                <TableCell>{record.id}</TableCell>
                <TableCell className={WRAPS}>
                  {record.proficiencyTest ? (
                    t('roundRule')
                  ) : (
                    <ul className="grid gap-1">
                      {record.rules.map((rule) => (
                        <li key={`${rule.rule}-${rule.referenceMaterialId}-${rule.element}`}>
                          {rule.name}, {t(`runs:elements.${rule.element}`)}: {t(`rule.${rule.rule}`)}
                        </li>
                      ))}
                    </ul>
                  )}
                </TableCell>
                <TableCell className={WRAPS}>
                  <NonconformitySource record={record} />
                </TableCell>
                <TableCell>{record.samples.map((sample) => sample.idflNumber).join(', ') || '—'}</TableCell>
                <TableCell>
                  <Badge variant={record.status === 'open' ? 'destructive' : 'secondary'}>
                    {t(`status.${record.status}`)}
                  </Badge>
                  {record.status === 'released' && (
                    <div className="mt-1 max-w-xs text-xs text-muted-foreground">
                      {t('releasedBy', {
                        name: record.releasedByName ?? '—',
                        date: record.releasedAt ? formatDisplayDate(record.releasedAt, i18n.language) : '—',
                        justification: record.justification ?? '',
                      })}
                    </div>
                  )}
                </TableCell>
                {mayRelease && (
                  <TableCell className={WRAPS}>
                    {record.status === 'open' && <ReleaseDialog record={record} />}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </PageFrame>
  );
}

/** What opened the non-conformity: a rejected run (a link to it) or an unsatisfactory proficiency round. */
function NonconformitySource({ record }: { record: Nonconformity }) {
  const { t, i18n } = useTranslation('qc');
  const round = record.proficiencyTest;
  const by = record.importedByName && t(round ? 'enteredBy' : 'importedBy', { name: record.importedByName });
  return (
    <>
      {round ? (
        <Link to="/proficiency-tests" className="text-primary underline-offset-2 hover:underline">
          {t('roundLink', {
            name: [round.scheme, round.round].filter(Boolean).join(' '),
            element: t(`runs:elements.${round.element}`),
            z: formatFixed(round.z, 2),
          })}
        </Link>
      ) : (
        <Link
          to="/thirdlab-runs/$runId"
          params={{ runId: String(record.measurementRunId) }}
          className="text-primary underline-offset-2 hover:underline"
        >
          {t('runLink', { run: record.measurementRunId, file: record.runFileName })}
        </Link>
      )}
      <div className="text-xs text-muted-foreground">
        {formatDisplayDate(round ? round.roundDate : record.runMeasuredOn, i18n.language)}
        {by ? ` · ${by}` : ''}
      </div>
    </>
  );
}

function ReleaseDialog({ record }: { record: Nonconformity }) {
  const { t } = useTranslation('qc');
  const [open, setOpen] = useState(false);
  const [justification, setJustification] = useState('');
  const [password, setPassword] = useState('');
  const release = useReleaseNonconformity(record.id);
  const ownRun = useStoredLogin()?.data.user.id === record.importedBy;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    release.mutate(
      { justification, password },
      {
        onSuccess: () => {
          toast.success(t('release.done'));
          setOpen(false);
          setPassword('');
        },
        onError: (error) => {
          setPassword('');
          handleError(error);
        },
      },
    );
  };
  if (ownRun)
    return (
      <span className="text-xs text-muted-foreground">
        {t(record.proficiencyTest ? 'release.ownRound' : 'release.ownRun')}
      </span>
    );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" onClick={() => setOpen(true)}>
        {t('release.open')}
      </Button>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('release.title', { number: record.id })}</DialogTitle>
            <DialogDescription>{t('release.description')}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`justification-${record.id}`}>{t('release.justification')}</Label>
            <Textarea
              id={`justification-${record.id}`}
              value={justification}
              onChange={(event) => setJustification(event.target.value)}
              minLength={NONCONFORMITY_JUSTIFICATION_MIN}
              maxLength={2000}
              required
              rows={4}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`password-${record.id}`}>{t('release.password')}</Label>
            <Input
              id={`password-${record.id}`}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {t('release.cancel')}
            </Button>
            <Button type="submit" disabled={release.isPending}>
              {t('release.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
