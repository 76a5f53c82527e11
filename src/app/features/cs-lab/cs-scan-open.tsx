import { useNavigate } from '@tanstack/react-router';
import { ScanLineIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/app/components/ui/button';
import { api } from '@/app/lib/api-client';
import { findCachedSample } from '@/app/bench/find-cached-sample';
import { ScanDialog, type ScanVerdict } from '@/app/scan/scan-dialog';
import { CS_SAMPLES } from './cs-lab-constants';

/** Scan a sample label to open its CS Check In detail (found on this device first, else asked of the server). */
export function CsScanOpen() {
  const { t } = useTranslation('cs-lab');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  const openSample = async (idflNumber: string): Promise<ScanVerdict> => {
    let id = (await findCachedSample(CS_SAMPLES.list, idflNumber))?.id;
    if (id === undefined) {
      const { data } = await api
        .GET('/api/cs-lab/get-all', { params: { query: { IDFLNumber: idflNumber, limit: 1, offset: 0 } } })
        .catch(() => ({ data: undefined }));
      id = data?.data.items.find((item) => item.idflNumber === idflNumber)?.id;
    }
    if (id === undefined) return { accepted: false, message: t('scan.unknown', { idflNumber }) };
    void navigate({ to: '/clients/$id', params: { id: String(id) } });
    return { accepted: true };
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <ScanLineIcon />
        {t('scan.open')}
      </Button>
      <ScanDialog
        open={open}
        onOpenChange={setOpen}
        title={t('scan.title')}
        allowContinuous={false}
        accept={(result) => result.kind === 'idfl'}
        onScan={(_text, result) => (result.kind === 'idfl' ? openSample(result.idflNumber) : undefined)}
      />
    </>
  );
}
