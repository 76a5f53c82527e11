import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { Button } from '@/app/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/app/components/ui/dialog';
import { FormField } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { api, unwrap } from '@/app/lib/api-client';
import { sampleQueries } from '@/app/bench/sample-queries';

const ORDER_NUMBER_REQUIRED = 'Order number is required';

/**
 * Destroy an order by its order (booking) number. Not queued: it is irreversible and the server must
 * judge it now (refused once a sample has left the client-side lab), so it needs the network.
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
  const destroy = useMutation({
    mutationFn: (value: string) =>
      unwrap(api.DELETE('/api/cs-lab/destroy-order', { params: { query: { orderNumber: value } } })),
    onSuccess: (answer) => {
      toast.success(t('common:success'), { description: answer.message });
      void queryClient.invalidateQueries({ queryKey: sampleQueries.all });
      onDestroyed();
      close(false);
    },
  });

  function close(next: boolean) {
    if (!next) {
      setOrderNumber('');
      setStep('enter');
      setError(undefined);
    }
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <form
          noValidate
          className="grid gap-4"
          aria-label={t('destroy.title')}
          onSubmit={(event) => {
            event.preventDefault();
            if (!orderNumber.trim()) return setError(ORDER_NUMBER_REQUIRED);
            if (step === 'enter') return setStep('confirm');
            destroy.mutate(orderNumber.trim());
          }}
        >
          <DialogHeader>
            <DialogTitle>{t('destroy.title')}</DialogTitle>
            <DialogDescription>
              {step === 'enter' ? t('destroy.description') : t('destroy.confirm', { orderNumber: orderNumber.trim() })}
            </DialogDescription>
          </DialogHeader>
          {step === 'enter' ? (
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
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={destroy.isPending}>
              {step === 'enter' ? t('destroy.next') : t('destroy.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
