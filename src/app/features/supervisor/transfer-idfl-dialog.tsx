import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { z } from 'zod';
import { transferIdflDataSchema } from '@/shared/schemas/supervisor';
import { Button } from '@/app/components/ui/button';
import { Checkbox } from '@/app/components/ui/checkbox';
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
import { Label } from '@/app/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/app/components/ui/select';
import { lookupQueries } from '@/app/lib/lookups';
import { useTransferIdflData } from './supervisor-queries';

// sameId rides along in the form: it is the query flag 'replace the record made earlier from this sample'.
const transferFormSchema = transferIdflDataSchema.extend({ sameId: z.boolean() });
type TransferFormValues = z.input<typeof transferFormSchema>;

const toNumber = (value: unknown) => (value === '' || value == null ? null : Number(String(value).replace(',', '.')));

/** Transfer the IDFL data of a confirmed sample to the clean isotope data set, where it was sampled. */
export function TransferIdflDialog({
  sample,
  open,
  onOpenChange,
}: {
  sample: { id: number; idflNumber: string; countryCode: string | null };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('supervisor');
  const id = useId();
  const countries = useQuery({ ...lookupQueries.countries(), enabled: open });
  const transfer = useTransferIdflData();
  const form = useForm<TransferFormValues, unknown, z.output<typeof transferFormSchema>>({
    resolver: zodResolver(transferFormSchema),
    defaultValues: { id: sample.id, countryCode: sample.countryCode ?? '', region: '', sameId: false },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) form.reset({ id: sample.id, countryCode: sample.countryCode ?? '', region: '', sameId: false });
  }, [open, sample.id, sample.countryCode, form]);

  const submit = form.handleSubmit(async (values) => {
    const { sameId, ...input } = values;
    try {
      await transfer.mutateAsync({ input, sameId });
    } catch {
      return; // The central handler has shown the server's message.
    }
    toast.success(t('common:success'), { description: t('transfer.done', { idflNumber: sample.idflNumber }) });
    onOpenChange(false);
  });

  const coordinate = (name: 'latitude' | 'longitude') => (
    <FormField id={`${id}-${name}`} label={`${t(`transfer.${name}`)}*`} error={errors[name]?.message}>
      <Input
        id={`${id}-${name}`}
        inputMode="decimal"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...form.register(name, { setValueAs: toNumber })}
      />
    </FormField>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form
          noValidate
          className="grid gap-4"
          aria-label={t('transfer.title')}
          onSubmit={(event) => void submit(event)}
        >
          <DialogHeader>
            <DialogTitle>{t('transfer.title')}</DialogTitle>
            <DialogDescription>{t('transfer.description', { idflNumber: sample.idflNumber })}</DialogDescription>
          </DialogHeader>
          <FormField id={`${id}-country`} label={`${t('transfer.countryCode')}*`} error={errors.countryCode?.message}>
            <Controller
              control={form.control}
              name="countryCode"
              render={({ field }) => (
                <Select value={field.value || undefined} onValueChange={field.onChange}>
                  <SelectTrigger id={`${id}-country`} aria-invalid={errors.countryCode ? true : undefined}>
                    <SelectValue placeholder={t('transfer.chooseCountry')} />
                  </SelectTrigger>
                  <SelectContent>
                    {(countries.data ?? []).map((country) => (
                      <SelectItem key={country.code} value={country.code}>
                        {country.code} · {country.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          <div className="grid gap-3 sm:grid-cols-2">
            {coordinate('latitude')}
            {coordinate('longitude')}
          </div>
          <FormField id={`${id}-region`} label={t('transfer.region')} error={errors.region?.message}>
            <Input id={`${id}-region`} {...form.register('region')} />
          </FormField>
          <div className="flex items-center gap-2">
            <Controller
              control={form.control}
              name="sameId"
              render={({ field }) => (
                <Checkbox
                  id={`${id}-same`}
                  checked={field.value}
                  onCheckedChange={(value) => field.onChange(value === true)}
                />
              )}
            />
            <Label htmlFor={`${id}-same`}>{t('transfer.sameId')}</Label>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" disabled={transfer.isPending}>
              {t('transfer.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
