import { Link } from '@tanstack/react-router';
import { DownloadIcon, ScanLineIcon } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { analyseSample } from '@/shared/origin-model/analysis';
import { isotopeElements } from '@/shared/origin-model/estimator';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/app/components/ui/card';
import { Input } from '@/app/components/ui/input';
import { Label } from '@/app/components/ui/label';
import { Spinner } from '@/app/components/ui/spinner';
import { PageFrame } from '@/app/components/page/page-frame';
import { ScanDialog } from '@/app/scan/scan-dialog';
import { useOriginModel, useRunAnalysis } from './analysis-queries';
import { AnalysisResultPanel } from './result/analysis-result-panel';
import { MaterialPicker } from './material-picker';
import { ModelStatus } from './model-status';
import { SampleValuesFields } from './sample-values-fields';
import { elementValuesOf, emptySampleForm, expectedOriginsOf, hasAnyValue, type SampleForm } from './sample-values';

/**
 * Sample Insights: one sample's origin, recomputed in the browser on every change from the model
 * kept on this device (so it works with the network cut); saving sends the values to the server.
 */
export function AnalyzePage() {
  const { t } = useTranslation('analysis');
  const [material, setMaterial] = useState('');
  const [form, setForm] = useState<SampleForm>(emptySampleForm);
  const [idflNumber, setIdflNumber] = useState('');
  const [scanning, setScanning] = useState(false);
  const model = useOriginModel(material || undefined);
  const pull = useRunAnalysis();
  // Typing stays smooth on a slow tablet: the analysis follows the latest settled input.
  const deferredForm = useDeferredValue(form);

  const analysis = useMemo(() => {
    if (!model.data || !hasAnyValue(deferredForm)) return null;
    const expected = expectedOriginsOf(deferredForm);
    return analyseSample(model.data.model, elementValuesOf(deferredForm), {
      claimedRegion: deferredForm.claimedOrigin.trim() || null,
      ...(expected.length > 0 ? { expectedRegions: expected } : {}),
    });
  }, [model.data, deferredForm]);

  const regions = useMemo(() => model.data?.model.regions ?? [], [model.data]);

  const pullFromSampleEntry = async (idfl: string) => {
    const number = idfl.trim();
    if (!number || !material) return;
    setIdflNumber(number);
    const answer = await pull.mutateAsync({ material, samples: [{ idflNumber: number }] });
    const found = answer.results[0];
    if (!found) return;
    setForm((current) => ({
      ...current,
      sampleCode: current.sampleCode || number,
      values: Object.fromEntries(
        isotopeElements.map((element) => {
          const value = found.values[element];
          return [element, value === null || value === undefined ? '' : String(value)];
        }),
      ) as SampleForm['values'],
      claimedOrigin: found.claimedOrigin ?? current.claimedOrigin,
      expectedOrigins: found.expectedOrigins.length > 0 ? found.expectedOrigins.join(', ') : current.expectedOrigins,
    }));
    toast.success(t('pull.pulled', { idflNumber: number }));
  };

  return (
    <PageFrame
      title={t('analyze.title')}
      actions={
        <Button variant="outline" asChild>
          <Link to="/analysis/multi-analyze">{t('analyze.toMulti')}</Link>
        </Button>
      }
    >
      <div className="grid gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <Card>
          <CardHeader>
            <CardTitle>{t('analyze.sample')}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <MaterialPicker id="analyze-material" value={material} onChange={setMaterial} />
            {model.isLoading && <Spinner />}
            {model.data && <ModelStatus model={model.data} />}
            {model.error && !model.data && (
              <p className="text-sm text-destructive" role="alert">
                {t('model.unavailable')}
              </p>
            )}
            <form
              className="grid gap-1.5"
              onSubmit={(e) => {
                e.preventDefault();
                pullFromSampleEntry(idflNumber).catch(() => undefined);
              }}
            >
              <Label htmlFor="analyze-idfl">{t('pull.idflNumber')}</Label>
              <div className="flex gap-2">
                <Input id="analyze-idfl" value={idflNumber} onChange={(e) => setIdflNumber(e.target.value)} />
                <Button type="submit" variant="outline" disabled={!material || !idflNumber.trim() || pull.isPending}>
                  <DownloadIcon />
                  {t('pull.action')}
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label={t('pull.scan')}
                  disabled={!material}
                  onClick={() => setScanning(true)}
                >
                  <ScanLineIcon />
                </Button>
              </div>
            </form>
            <SampleValuesFields idPrefix="analyze" value={form} onChange={setForm} regions={regions} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('analyze.result')}</CardTitle>
          </CardHeader>
          <CardContent>
            {analysis && model.data ? (
              <AnalysisResultPanel
                analysis={analysis}
                model={model.data.model}
                material={material}
                form={form}
                idflNumber={idflNumber}
                onSaved={() => undefined}
              />
            ) : (
              <p className="text-sm text-muted-foreground">
                {material ? t('analyze.enterValues') : t('analyze.chooseMaterialFirst')}
              </p>
            )}
          </CardContent>
        </Card>
      </div>
      <ScanDialog
        open={scanning}
        onOpenChange={setScanning}
        allowContinuous={false}
        accept={(result) => result.kind === 'idfl'}
        onScan={async (_text, result) => {
          if (result.kind === 'idfl') await pullFromSampleEntry(result.idflNumber);
        }}
      />
    </PageFrame>
  );
}
