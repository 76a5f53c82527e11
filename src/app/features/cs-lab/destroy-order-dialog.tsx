import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { ConfirmDialog } from '@/app/components/confirm-dialog';
import { FormDialog } from '@/app/components/form-dialog';
import { FormField } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { api, unwrap } from '@/app/lib/api/api-client';
import { sampleQueries } from '@/app/bench/sample-queries';

const ORDER_NUMBER_REQUIRED = 'Order number is required';

/**
 * Destroy an order by its order (booking) number: the number is asked first, then the app's one
 * "are you sure" dialog names the order. Not queued: it is irreversible and the server must judge it
 * now (refused once a sample has left the client-side lab), so it needs the network; a refusal is
 * shown in the confirmation, where it was asked.
 */
export function DestroyOrderDialog({
  open,
  onOpenChange,
  onDestroyed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDestroyed: () => void;
}) {
  const { t } = useTranslation('cs-lab');
  const queryClient = useQueryClient();
  const [orderNumber, setOrderNumber] = useState('');
  const [step, setStep] = useState<'enter' | 'confirm'>('enter');
  const [error, setError] = useState<string | undefined>();

  function close(next: boolean) {
    if (!next) {
      setOrderNumber('');
      setStep('enter');
      setError(undefined);
    }
    onOpenChange(next);
  }

  const destroy = async () => {
    const answer = await unwrap(
      api.DELETE('/api/cs-lab/destroy-order', { params: { query: { orderNumber: orderNumber.trim() } } }),
    );
    toast.success(t('common:success'), { description: answer.message });
    void queryClient.invalidateQueries({ queryKey: sampleQueries.all });
    onDestroyed();
  };

  return (
    <>
      <FormDialog
        open={open && step === 'enter'}
        onOpenChange={close}
        title={t('destroy.title')}
        description={t('destroy.description')}
        onSubmit={() => (orderNumber.trim() ? setStep('confirm') : setError(ORDER_NUMBER_REQUIRED))}
        isSaving={false}
        submitLabel={t('destroy.next')}
        destructive
      >
        <FormField id="destroy-order-number" label={t('destroy.orderNumber')} error={error}>
          <Input
            id="destroy-order-number"
            autoComplete="off"
            placeholder="BK-2026-00001"
            value={orderNumber}
            onChange={(e) => {
              setOrderNumber(e.target.value);
              setError(undefined);
            }}
          />
        </FormField>
      </FormDialog>
      <ConfirmDialog
        open={open && step === 'confirm'}
        onOpenChange={close}
        title={t('destroy.title')}
        description={t('destroy.confirm', { orderNumber: orderNumber.trim() })}
        confirmLabel={t('destroy.submit')}
        destructive
        onConfirm={destroy}
      />
    </>
  );
}
