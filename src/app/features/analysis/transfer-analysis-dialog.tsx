import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { isAtypicalPrediction } from '@/shared/origin-prediction';
import { transferAnalysisSchema } from '@/shared/schemas/analysis';
import { Button } from '@/app/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/app/components/ui/dialog';
import { FormField } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { useTransferAnalysis, type Analysis } from './analysis-queries';
import { readNumber } from './sample-values';

/**
 * Transfer to the clean data set: the region (the prediction unless corrected), and where the sample
 * was taken, so the new reference record appears on the Regional Probability map too.
 */
export function TransferAnalysisDialog({
  analysis,
  onOpenChange,
}: {
  analysis: Analysis | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('analysis');
  return (
    <Dialog open={analysis !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('transfer.title')}</DialogTitle>
          <DialogDescription>{t('transfer.description')}</DialogDescription>
        </DialogHeader>
        {analysis && <TransferForm key={analysis.id} analysis={analysis} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function TransferForm({ analysis, onDone }: { analysis: Analysis; onDone: () => void }) {
  const { t } = useTranslation('analysis');
  const transfer = useTransferAnalysis();
  const [region, setRegion] = useState(isAtypicalPrediction(analysis.prediction) ? '' : (analysis.prediction ?? ''));
  const [countryCode, setCountryCode] = useState(analysis.countryCode ?? '');
  const [latitude, setLatitude] = useState('');
  const [longitude, setLongitude] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const parsed = transferAnalysisSchema.safeParse({
      region: region.trim() || null,
      countryCode: countryCode.trim() || null,
      latitude: readNumber(latitude),
      longitude: readNumber(longitude),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    await transfer.mutateAsync({ id: analysis.id, input: parsed.data });
    toast.success(t('list.transferred', { id: analysis.id }));
    onDone();
  };

  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit().catch(() => undefined);
      }}
    >
      <FormField id="transfer-region" label={t('columns.region')} error={errors.region}>
        <Input id="transfer-region" value={region} onChange={(e) => setRegion(e.target.value)} />
      </FormField>
      <FormField id="transfer-country" label={t('columns.countryCode')} error={errors.countryCode}>
        <Input id="transfer-country" value={countryCode} onChange={(e) => setCountryCode(e.target.value)} />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id="transfer-latitude" label={t('columns.latitude')} error={errors.latitude}>
          <Input
            id="transfer-latitude"
            inputMode="decimal"
            value={latitude}
            onChange={(e) => setLatitude(e.target.value)}
          />
        </FormField>
        <FormField id="transfer-longitude" label={t('columns.longitude')} error={errors.longitude}>
          <Input
            id="transfer-longitude"
            inputMode="decimal"
            value={longitude}
            onChange={(e) => setLongitude(e.target.value)}
          />
        </FormField>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={transfer.isPending}>
          {t('list.transfer')}
        </Button>
      </div>
    </form>
  );
}
