import { ClipboardPasteIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import type { OriginAnalysis } from '@/shared/origin-model/analysis';
import type { LotAnalysis } from '@/shared/origin-model/lot-analysis';
import { Input } from '@/app/components/ui/input';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/app/components/ui/card';
import { Label } from '@/app/components/ui/label';
import { Textarea } from '@/app/components/ui/textarea';
import { PageFrame } from '@/app/components/page/page-frame';
import { useOriginModel, useRunAnalysis, useSaveAnalyses } from './analysis-queries';
import { AnalysisSummary } from './result/analysis-result-panel';
import { MaterialPicker } from './material-picker';
import { SampleValuesFields } from './sample-values-fields';
import { emptySampleForm, parsePastedRows, pastedColumns, sampleBodyOf, type SampleForm } from './sample-values';

/** A form and the lot the analyst marks it with (samples of one lot are judged together). */
type Entry = { key: number; form: SampleForm; lot?: string };
type LotResult = { lot: string; sampleIndexes: number[]; analysis: LotAnalysis };

let nextKey = 1;
const newEntry = (form: SampleForm = emptySampleForm()): Entry => ({ key: nextKey++, form });

/** Several samples at once: typed or pasted from a spreadsheet, analysed together, saved in one step. */
export function MultiAnalyzePage() {
  const { t } = useTranslation('analysis');
  const [material, setMaterial] = useState('');
  const [entries, setEntries] = useState<Entry[]>(() => [newEntry()]);
  const [pasted, setPasted] = useState('');
  const [results, setResults] = useState<Map<number, OriginAnalysis>>(new Map());
  const [lots, setLots] = useState<LotResult[]>([]);
  const model = useOriginModel(material || undefined);
  const run = useRunAnalysis();
  const save = useSaveAnalyses();
  const regions = model.data?.model.regions ?? [];
  const canSend = Boolean(material) && entries.length > 0;

  const update = (key: number, change: Partial<Omit<Entry, 'key'>>) => {
    setEntries((current) => current.map((e) => (e.key === key ? { ...e, ...change } : e)));
    setLots([]);
    setResults((current) => {
      const next = new Map(current);
      next.delete(key);
      return next;
    });
  };

  const addPasted = () => {
    const forms = parsePastedRows(pasted);
    if (forms.length === 0) {
      toast.error(t('multi.nothingPasted'));
      return;
    }
    // Blank forms give way to the pasted rows.
    setEntries((current) => [
      ...current.filter((e) => Object.values(e.form.values).some((v) => v.trim() !== '')),
      ...forms.map((form) => newEntry(form)),
    ]);
    setPasted('');
    toast.success(t('multi.pasted', { count: forms.length }));
  };

  const analyse = async () => {
    const answer = await run.mutateAsync({
      material,
      samples: entries.map((e) => ({ ...sampleBodyOf(e.form), lot: e.lot?.trim() || null })),
    });
    setResults(new Map(answer.results.map((r) => [entries[r.index]!.key, r.analysis as OriginAnalysis])));
    setLots(answer.lots as LotResult[]);
  };

  const saveAll = async () => {
    const saved = await save.mutateAsync({ material, analyses: entries.map((e) => sampleBodyOf(e.form)) });
    toast.success(t('multi.saved', { count: saved.length }));
  };

  return (
    <PageFrame title={t('multi.title')}>
      <Card>
        <CardContent className="grid gap-4 lg:grid-cols-2">
          <MaterialPicker id="multi-material" value={material} onChange={setMaterial} />
          <div className="grid gap-1.5">
            <Label htmlFor="multi-paste">{t('multi.paste')}</Label>
            <Textarea
              id="multi-paste"
              rows={3}
              className="font-mono text-xs"
              placeholder={pastedColumns.join('\t')}
              value={pasted}
              onChange={(e) => setPasted(e.target.value)}
            />
            <p className="text-xs text-muted-foreground">
              {t('multi.pasteHint', { columns: pastedColumns.join(', ') })}
            </p>
            <Button variant="outline" className="justify-self-start" disabled={!pasted.trim()} onClick={addPasted}>
              <ClipboardPasteIcon />
              {t('multi.addPasted')}
            </Button>
          </div>
        </CardContent>
      </Card>
      {entries.length === 0 && (
        <p className="text-sm text-destructive" role="alert">
          {t('multi.atLeastOne')}
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {entries.map((entry, index) => {
          const result = results.get(entry.key);
          return (
            <Card key={entry.key} data-testid="sample-form">
              <CardHeader className="flex flex-row items-center justify-between">
                <CardTitle>{t('multi.sample', { number: index + 1 })}</CardTitle>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('multi.remove', { number: index + 1 })}
                  onClick={() => setEntries((current) => current.filter((e) => e.key !== entry.key))}
                >
                  <Trash2Icon />
                </Button>
              </CardHeader>
              <CardContent className="grid gap-4">
                <SampleValuesFields
                  idPrefix={`multi-${entry.key}`}
                  value={entry.form}
                  onChange={(form) => update(entry.key, { form })}
                  regions={regions}
                />
                <div className="grid gap-1.5">
                  <Label htmlFor={`multi-${entry.key}-lot`}>{t('multi.lot')}</Label>
                  <Input
                    id={`multi-${entry.key}-lot`}
                    value={entry.lot ?? ''}
                    maxLength={100}
                    onChange={(e) => update(entry.key, { lot: e.target.value })}
                  />
                  <p className="text-xs text-muted-foreground">{t('multi.lotHint')}</p>
                </div>
                {result && (
                  <div className="border-t pt-3" data-testid="multi-result">
                    <AnalysisSummary analysis={result} />
                  </div>
                )}
              </CardContent>
            </Card>
          );
        })}
      </div>
      {lots.map((lot) => (
        <Card key={lot.lot} data-testid="lot-result">
          <CardHeader>
            <CardTitle>
              {t('multi.lotResult', {
                lot: lot.lot,
                samples: lot.sampleIndexes.map((i) => i + 1).join(', '),
              })}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <AnalysisSummary analysis={lot.analysis} />
          </CardContent>
        </Card>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setEntries((current) => [...current, newEntry()])}>
          <PlusIcon />
          {t('multi.add')}
        </Button>
        <Button disabled={!canSend || run.isPending} onClick={() => void analyse().catch(() => undefined)}>
          {t('multi.analyse')}
        </Button>
        <Button
          variant="secondary"
          disabled={!canSend || results.size !== entries.length || save.isPending}
          onClick={() => void saveAll().catch(() => undefined)}
        >
          {t('multi.saveAll')}
        </Button>
      </div>
    </PageFrame>
  );
}
