import Papa from 'papaparse';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { cleanIsotopeColumns, matchIsotopeHeader } from '@/shared/schemas/clean-isotope';
import { Button } from '@/app/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/app/components/ui/dialog';
import { Input } from '@/app/components/ui/input';
import { Label } from '@/app/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import { translateError } from '@/app/lib/words/i18n';
import { sendAuthorised } from '@/app/lib/session/authorised-request';
import { pageSession } from '@/app/lib/session/session';
import type { ImportAnswer, ImportRowError } from '../analysis-queries';

/** Rows of the file shown before importing. */
const previewRows = 5;
const unmapped = '';

type Preview = { headers: string[]; rows: string[][]; rowCount: number | null };

async function readPreview(file: File): Promise<Preview> {
  if (/\.xlsx$/i.test(file.name)) {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const rows: string[][] = [];
    sheet?.eachRow((row) => {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      rows.push(values.map((v) => (v === null || v === undefined ? '' : String(v as string))));
    });
    return { headers: rows[0] ?? [], rows: rows.slice(1, 1 + previewRows), rowCount: Math.max(0, rows.length - 1) };
  }
  const text = await file.text();
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
  return {
    headers: parsed.data[0] ?? [],
    rows: parsed.data.slice(1, 1 + previewRows),
    rowCount: parsed.data.length - 1,
  };
}

/** Our column's header in the file when the names already agree (case, spaces, δ ignored). */
function guessMapping(headers: string[]): Record<string, string> {
  const normal = (s: string) => s.replace(/\s+/g, '').toLowerCase();
  const mapping: Record<string, string> = {};
  for (const column of cleanIsotopeColumns) {
    const found = headers.find((h) => normal(h) === normal(column) || matchIsotopeHeader(h) === column);
    if (found) mapping[column] = found;
  }
  return mapping;
}

/**
 * Import of reference records: choose a file, see its first rows, map our columns to its headers,
 * send it with upload progress; the server's refusals are listed against their rows.
 */
export function CleanImportDialog({
  open,
  onOpenChange,
  onImported,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported: (answer: ImportAnswer) => void;
}) {
  const { t } = useTranslation('analysis');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [material, setMaterial] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [rowErrors, setRowErrors] = useState<ImportRowError[]>([]);
  const [message, setMessage] = useState('');

  const reset = () => {
    setFile(null);
    setPreview(null);
    setMapping({});
    setMaterial('');
    setProgress(null);
    setRowErrors([]);
    setMessage('');
  };

  const choose = async (chosen: File | undefined) => {
    setRowErrors([]);
    setMessage('');
    if (!chosen) return;
    setFile(chosen);
    const read = await readPreview(chosen);
    setPreview(read);
    setMapping(guessMapping(read.headers));
  };

  // XMLHttpRequest, not fetch: only it reports upload progress for a large file. It goes through
  // the session's authorised request like every other call, so an expired token is renewed once.
  const upload = (body: FormData, idempotencyKey: string) => (authorisation: Record<string, string>) =>
    new Promise<XMLHttpRequest>((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', '/api/clean-isotope/import');
      for (const [name, value] of Object.entries(authorisation)) request.setRequestHeader(name, value);
      request.setRequestHeader('Idempotency-Key', idempotencyKey);
      request.upload.onprogress = (e) => e.lengthComputable && setProgress(e.loaded / e.total);
      request.onerror = () => reject(new Error('The upload did not reach the server'));
      request.onload = () => resolve(request);
      request.send(body);
    });

  const send = async () => {
    if (!file) return;
    const body = new FormData();
    body.append('file', file);
    body.append('mapping', JSON.stringify(Object.fromEntries(Object.entries(mapping).filter(([, h]) => h))));
    if (material.trim()) body.append('material', material.trim());
    setProgress(0);
    let request: XMLHttpRequest;
    try {
      request = await sendAuthorised(upload(body, crypto.randomUUID()), pageSession);
    } catch {
      setProgress(null);
      setMessage(t('import.networkError'));
      return;
    }
    setProgress(null);
    let answer: {
      message?: string;
      code?: string;
      params?: Record<string, unknown>;
      data?: ImportAnswer & { rowErrors?: ImportRowError[] };
    } = {};
    try {
      answer = JSON.parse(request.responseText) as typeof answer;
    } catch {
      // Not JSON: the status line says enough.
    }
    if (request.status === 200 && answer.data) {
      toast.success(t('import.done', { created: answer.data.created, updated: answer.data.updated }));
      onImported(answer.data);
      reset();
      onOpenChange(false);
      return;
    }
    // A refusal (a limit of the file, its mapping, bad rows) in the user's language, by its code.
    setMessage(answer.message ? translateError({ ...answer, message: answer.message }) : request.statusText);
    setRowErrors(answer.data?.rowErrors ?? []);
  };

  const errorsOfRow = (row: number) => rowErrors.filter((e) => e.row === row);
  // The server numbers rows as in the file: the header is row 1, the first record row 2.
  const previewRowNumber = (index: number) => index + 2;
  const errorsBeyondPreview = rowErrors.filter((e) => e.row > previewRowNumber(previewRows - 1));

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent aria-describedby={undefined} className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{t('import.title')}</DialogTitle>
        </DialogHeader>
        <div className="grid max-h-[75vh] gap-4 overflow-y-auto">
          <div className="grid gap-1.5">
            <Label htmlFor="import-file">{t('import.file')}</Label>
            <Input
              id="import-file"
              type="file"
              accept=".csv,.xlsx,text/csv"
              onChange={(e) => void choose(e.target.files?.[0])}
            />
          </div>
          {preview && (
            <>
              <p className="text-sm text-muted-foreground">
                {t('import.previewOf', { shown: preview.rows.length, total: preview.rowCount ?? '?' })}
              </p>
              <div className="overflow-x-auto rounded-md border">
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead>{t('import.row')}</TableHead>
                      {preview.headers.map((h, i) => (
                        <TableHead key={`${h}-${i}`}>{h}</TableHead>
                      ))}
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {preview.rows.map((row, index) => {
                      const errors = errorsOfRow(previewRowNumber(index));
                      return (
                        <TableRow key={index} className={errors.length > 0 ? 'bg-red-50' : undefined}>
                          <TableCell className="font-mono">
                            {previewRowNumber(index)}
                            {errors.map((e) => (
                              <div key={e.column} className="text-xs text-destructive" role="alert">
                                {e.column}: {e.message}
                              </div>
                            ))}
                          </TableCell>
                          {row.map((cell, i) => (
                            <TableCell key={i} className="whitespace-nowrap text-xs">
                              {cell}
                            </TableCell>
                          ))}
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </div>
              <div className="grid gap-2">
                <h3 className="text-sm font-medium">{t('import.mapping')}</h3>
                <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
                  {cleanIsotopeColumns.map((column) => (
                    <div key={column} className="grid grid-cols-[7rem_1fr] items-center gap-2">
                      <Label htmlFor={`map-${column}`}>{t(`columns.${column}`)}</Label>
                      <select
                        id={`map-${column}`}
                        className="h-9 rounded-md border bg-background px-2 text-sm"
                        value={mapping[column] ?? unmapped}
                        onChange={(e) => setMapping({ ...mapping, [column]: e.target.value })}
                      >
                        <option value={unmapped}>{t('import.notMapped')}</option>
                        {preview.headers.map((h) => (
                          <option key={h} value={h}>
                            {h}
                          </option>
                        ))}
                      </select>
                    </div>
                  ))}
                </div>
              </div>
              <div className="grid gap-1.5 sm:w-72">
                <Label htmlFor="import-material">{t('import.material')}</Label>
                <Input id="import-material" value={material} onChange={(e) => setMaterial(e.target.value)} />
                <p className="text-xs text-muted-foreground">{t('import.materialHint')}</p>
              </div>
            </>
          )}
          {message && (
            <p className="text-sm text-destructive" role="alert">
              {message}
            </p>
          )}
          {errorsBeyondPreview.length > 0 && (
            <ul className="grid gap-1 text-sm text-destructive" aria-label={t('import.rowErrors')}>
              {errorsBeyondPreview.map((e) => (
                <li key={`${e.row}-${e.column}`}>
                  {t('import.rowError', { row: e.row, column: e.column, message: e.message })}
                </li>
              ))}
            </ul>
          )}
          {progress !== null && (
            <div className="grid gap-1" role="status">
              <progress className="w-full" value={progress} max={1} aria-label={t('import.progress')} />
              <span className="text-xs text-muted-foreground">
                {progress < 1 ? t('import.uploading', { percent: Math.round(progress * 100) }) : t('import.checking')}
              </span>
            </div>
          )}
          <div className="flex justify-end gap-2">
            <Button disabled={!file || progress !== null} onClick={() => void send()}>
              {t('import.start')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
