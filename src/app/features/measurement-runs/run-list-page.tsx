import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { UploadIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/app/components/form-dialog';
import { LabelledControl, LabelledInput } from '@/app/components/labelled-input';
import { LoadProblem, useLoadProblem } from '@/app/components/load-problem';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent } from '@/app/components/ui/card';
import { formatDisplayDate } from '@/app/components/ui/display-date';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import { PageFrame } from '@/app/components/page/page-frame';
import { handleError } from '@/app/lib/api/handle-error';
import { toast } from '@/app/lib/toast';
import { usePermissions } from '@/app/lib/session/use-session';
import type { RunListFilters } from './run-list-search';
import { runQueries, useUploadRun } from './run-queries';
import { elementName } from './run-words';

const SELECT = 'h-9 w-full rounded-md border bg-background px-2 text-sm';

/** The third lab's measurement runs, by package and by day, and the upload of a new one. */
export function RunListPage({ filters }: { filters: RunListFilters }) {
  const { t, i18n } = useTranslation('runs');
  const id = useId();
  const navigate = useNavigate();
  const runs = useQuery(runQueries.list(filters));
  const packages = useQuery(runQueries.packages());
  const problem = useLoadProblem(runs.error);
  const [isUploadOpen, setUploadOpen] = useState(false);
  const canImport = usePermissions().includes('CanImportMeasurementRun');
  const setFilter = (next: RunListFilters) =>
    void navigate({ to: '/thirdlab-runs', search: { ...filters, ...next }, replace: true });

  return (
    <PageFrame
      title={t('list.title')}
      actions={
        <>
          <Button variant="ghost" asChild>
            <Link to="/thirdlab-samples">{t('list.toSamples')}</Link>
          </Button>
          {canImport && (
            <Button onClick={() => setUploadOpen(true)}>
              <UploadIcon />
              {t('upload.open')}
            </Button>
          )}
        </>
      }
    >
      <div className="grid gap-4">
        <div className="grid grid-cols-2 gap-3 sm:max-w-lg">
          <LabelledControl id={`${id}-package`} label={t('fields.package')}>
            <select
              id={`${id}-package`}
              className={SELECT}
              value={filters.packageId ?? ''}
              onChange={(event) =>
                setFilter({ packageId: event.target.value ? Number(event.target.value) : undefined })
              }
            >
              <option value="">{t('list.allPackages')}</option>
              {(packages.data ?? []).map((pack) => (
                <option key={pack.id} value={pack.id}>
                  {pack.code}
                </option>
              ))}
            </select>
          </LabelledControl>
          <LabelledInput
            id={`${id}-day`}
            type="date"
            label={t('fields.measuredOn')}
            value={filters.day ?? ''}
            onChange={(event) => setFilter({ day: event.target.value || undefined })}
          />
        </div>
        <Card>
          <CardContent className="p-0">
            {problem ? (
              <div className="p-4">
                <LoadProblem message={problem} />
              </div>
            ) : (
              <Table aria-label={t('list.title')}>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('fields.file')}</TableHead>
                    <TableHead>{t('fields.package')}</TableHead>
                    <TableHead>{t('fields.measuredOn')}</TableHead>
                    <TableHead>{t('fields.elements')}</TableHead>
                    <TableHead className="text-right">{t('fields.samples')}</TableHead>
                    <TableHead className="text-right">{t('fields.unmatched')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {runs.data?.items.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={6} className="text-center text-muted-foreground">
                        {t('list.empty')}
                      </TableCell>
                    </TableRow>
                  )}
                  {runs.data?.items.map((run) => (
                    <TableRow key={run.id}>
                      <TableCell className="font-medium break-all">
                        <Link
                          to="/thirdlab-runs/$runId"
                          params={{ runId: String(run.id) }}
                          className="text-primary hover:underline"
                        >
                          {run.fileName}
                        </Link>
                      </TableCell>
                      <TableCell className="font-mono">{run.packageCode ?? t('noPackage')}</TableCell>
                      <TableCell>{formatDisplayDate(run.measuredOn, i18n.language)}</TableCell>
                      <TableCell>{run.elements.map((element) => elementName(element, t)).join(', ')}</TableCell>
                      <TableCell className="text-right tabular-nums">{run.sampleCount}</TableCell>
                      <TableCell className="text-right tabular-nums">
                        {run.unmatchedCount > 0 ? <Badge variant="warning">{run.unmatchedCount}</Badge> : 0}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      </div>
      <UploadRunDialog
        open={isUploadOpen}
        onOpenChange={setUploadOpen}
        packages={packages.data ?? []}
        packageId={filters.packageId}
      />
    </PageFrame>
  );
}

const ELEMENTS = ['carbon', 'nitrogen', 'hydrogen', 'oxygen', 'sulfur'] as const;

/** Names typed with commas or semicolons between them. */
const namesOf = (text: string) =>
  text
    .split(/[,;]/)
    .map((name) => name.trim())
    .filter(Boolean);

function UploadRunDialog({
  open,
  onOpenChange,
  packages,
  packageId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  packages: { id: number; code: string }[];
  packageId?: number;
}) {
  const { t } = useTranslation('runs');
  const id = useId();
  const navigate = useNavigate();
  const upload = useUploadRun();
  const [file, setFile] = useState<File | null>(null);
  const [pack, setPack] = useState(packageId ? String(packageId) : '');
  const [measuredOn, setMeasuredOn] = useState('');
  const [anchors, setAnchors] = useState<Record<string, string>>({});
  const [checks, setChecks] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setFileError(t('upload.fileRequired'));
      return;
    }
    const named = Object.fromEntries(
      Object.entries(anchors)
        .map(([element, text]) => [element, namesOf(text)] as const)
        .filter(([, names]) => names.length > 0),
    );
    try {
      const run = await upload.mutateAsync({
        file,
        packageId: pack ? Number(pack) : undefined,
        measuredOn: measuredOn || undefined,
        anchors: named,
        checks: namesOf(checks),
      });
      toast.success(t('upload.done', { samples: run.sampleCount, unmatched: run.unmatchedCount }));
      onOpenChange(false);
      void navigate({ to: '/thirdlab-runs/$runId', params: { runId: String(run.id) } });
    } catch (error) {
      handleError(error);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('upload.title')}
      description={t('upload.description')}
      onSubmit={submit}
      isSaving={upload.isPending}
      showsProgress
      submitLabel={t('upload.submit')}
      className="sm:max-w-xl"
    >
      <LabelledControl id={`${id}-file`} label={t('fields.file')}>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,.xlsx,text/csv"
          aria-invalid={fileError ? true : undefined}
          aria-required
          className="text-sm"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setFileError(null);
          }}
        />
        {fileError && <p className="text-sm text-destructive">{fileError}</p>}
      </LabelledControl>
      <div className="grid grid-cols-2 gap-3">
        <LabelledControl id={`${id}-package`} label={t('fields.package')}>
          <select id={`${id}-package`} className={SELECT} value={pack} onChange={(e) => setPack(e.target.value)}>
            <option value="">{t('noPackage')}</option>
            {packages.map((option) => (
              <option key={option.id} value={option.id}>
                {option.code}
              </option>
            ))}
          </select>
        </LabelledControl>
        <LabelledInput
          id={`${id}-day`}
          type="date"
          label={t('fields.measuredOn')}
          value={measuredOn}
          onChange={(event) => setMeasuredOn(event.target.value)}
        />
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">{t('upload.anchors')}</legend>
        <p className="text-xs text-muted-foreground">{t('upload.anchorsHint')}</p>
        <div className="grid grid-cols-2 gap-3">
          {ELEMENTS.map((element) => (
            <LabelledInput
              key={element}
              id={`${id}-anchors-${element}`}
              label={elementName(element, t)}
              placeholder={t('upload.anchorsPlaceholder')}
              value={anchors[element] ?? ''}
              onChange={(event) => setAnchors({ ...anchors, [element]: event.target.value })}
            />
          ))}
        </div>
      </fieldset>
      <LabelledInput
        id={`${id}-checks`}
        label={t('upload.checks')}
        placeholder={t('upload.checksPlaceholder')}
        value={checks}
        onChange={(event) => setChecks(event.target.value)}
      />
    </FormDialog>
  );
}
