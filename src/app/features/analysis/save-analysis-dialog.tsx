import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { Button } from '@/app/components/ui/button';
import { Input } from '@/app/components/ui/input';
import { Label } from '@/app/components/ui/label';
import { Textarea } from '@/app/components/ui/textarea';
import { useSaveAnalyses, useSaveToSampleEntry, type Analysis } from './analysis-queries';
import { sampleBodyOf, type SampleForm } from './sample-values';

/**
 * Save Analyze Data: the prompt, a conclusion, and optionally the sample entry (by IDFL number) the
 * prediction is written to. The server recomputes the analysis from the values, so what is saved
 * does not depend on this device's copy of the model.
 */
export function SaveAnalysisView({
  material,
  form,
  idflNumber: initialIdfl,
  onSaved,
}: {
  material: string;
  form: SampleForm;
  idflNumber: string;
  onSaved: (analysis: Analysis) => void;
}) {
  const { t } = useTranslation('analysis');
  const [conclusion, setConclusion] = useState('');
  const [idflNumber, setIdflNumber] = useState(initialIdfl);
  const [toSampleEntry, setToSampleEntry] = useState(Boolean(initialIdfl));
  const save = useSaveAnalyses();
  const saveToSample = useSaveToSampleEntry();
  const busy = save.isPending || saveToSample.isPending;

  const submit = async () => {
    const idfl = idflNumber.trim();
    const [saved] = await save.mutateAsync({
      material,
      analyses: [{ ...sampleBodyOf(form), idflNumber: idfl || null, conclusion: conclusion.trim() || null }],
    });
    if (!saved) return;
    toast.success(t('save.saved', { id: saved.id }));
    if (toSampleEntry && idfl) {
      const linked = await saveToSample.mutateAsync({ idflNumber: idfl, analysisId: saved.id });
      toast.success(t('save.savedToSample', { idflNumber: linked.sampleEntry.idflNumber }));
      onSaved(linked.analysis);
      return;
    }
    onSaved(saved);
  };

  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit().catch(() => undefined);
      }}
    >
      <p className="font-medium">{t('save.prompt')}</p>
      <div className="grid gap-1.5">
        <Label htmlFor="save-conclusion">{t('save.conclusion')}</Label>
        <Textarea id="save-conclusion" value={conclusion} onChange={(e) => setConclusion(e.target.value)} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="save-idfl">{t('save.idflNumber')}</Label>
        <Input id="save-idfl" value={idflNumber} onChange={(e) => setIdflNumber(e.target.value)} />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={toSampleEntry}
          disabled={!idflNumber.trim()}
          onChange={(e) => setToSampleEntry(e.target.checked)}
        />
        {t('save.toSampleEntry')}
      </label>
      <div className="flex justify-end gap-2">
        <Button type="submit" disabled={busy}>
          {t('save.confirm')}
        </Button>
      </div>
    </form>
  );
}
