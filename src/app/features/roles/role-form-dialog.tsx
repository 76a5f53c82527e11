import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import type { z } from 'zod';
import { roleSchema } from '@/shared/schemas/roles';
import { CheckboxField } from '@/app/components/checkbox-field';
import { FormDialog, type DialogState } from '@/app/components/form-dialog';
import { Checkbox } from '@/app/components/ui/checkbox';
import { FieldError, FormField } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { Label } from '@/app/components/ui/label';
import { Spinner } from '@/app/components/ui/spinner';
import { Textarea } from '@/app/components/ui/textarea';
import { ApiError } from '@/app/lib/api/api-error';
import { translateMessage } from '@/app/lib/words/i18n';
import { roleQueries, useSaveRole, type Role } from './role-queries';

type RoleForm = z.input<typeof roleSchema>;

export function RoleFormDialog({
  role,
  ...dialog
}: {
  role?: Role;
} & DialogState) {
  const { t } = useTranslation('roles');
  const catalogue = useQuery({ ...roleQueries.permissions(), enabled: dialog.open });
  const saveRole = useSaveRole();
  const form = useForm<RoleForm>({
    resolver: zodResolver(roleSchema),
    values: {
      name: role?.name ?? '',
      description: role?.description ?? '',
      active: role?.active ?? true,
      permissions: role?.permissions ?? [],
    },
  });
  const { errors } = form.formState;
  const isCreate = !role;

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await saveRole.mutateAsync({ role, input: values });
      toast.success(t('common:success'), { description: translateMessage(answer.message) });
      dialog.onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.errors.name) form.setError('name', { message: error.errors.name });
    }
  });

  return (
    <FormDialog
      {...dialog}
      title={isCreate ? t('createTitle') : t('editTitle')}
      onSubmit={submit}
      isSaving={saveRole.isPending}
      showsProgress
      className="sm:max-w-3xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="role-name" label={t('name')} error={errors.name?.message}>
          <Input id="role-name" autoComplete="off" {...form.register('name')} />
        </FormField>
        <CheckboxField
          control={form.control}
          name="active"
          id="role-active"
          label={t('active')}
          className="self-end pb-2"
        />
      </div>
      <FormField id="role-description" label={t('description')} error={errors.description?.message}>
        <Textarea id="role-description" rows={2} {...form.register('description')} />
      </FormField>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">{t('permissions')}</legend>
        {catalogue.isPending && <Spinner className="size-6" />}
        <Controller
          control={form.control}
          name="permissions"
          render={({ field }) => {
            const chosen = new Set(field.value ?? []);
            const toggle = (names: string[], on: boolean) => {
              const next = new Set(chosen);
              for (const name of names) {
                if (on) next.add(name);
                else next.delete(name);
              }
              field.onChange([...next]);
            };
            return (
              <div className="grid max-h-[45vh] gap-3 overflow-y-auto pr-1 sm:grid-cols-2">
                {(catalogue.data ?? []).map((area) => {
                  const all = area.permissions.every((p) => chosen.has(p));
                  const some = !all && area.permissions.some((p) => chosen.has(p));
                  const areaId = `role-area-${area.area}`;
                  return (
                    <section key={area.area} className="rounded-md border p-3" aria-labelledby={areaId}>
                      <div className="mb-2 flex items-center gap-2">
                        <Checkbox
                          id={`${areaId}-all`}
                          checked={all ? true : some ? 'indeterminate' : false}
                          onCheckedChange={(v) => toggle(area.permissions, v === true)}
                          aria-label={t('selectArea', { area: t(`areas.${area.area}`) })}
                        />
                        <h3 id={areaId} className="text-sm font-semibold">
                          {t(`areas.${area.area}`)}
                        </h3>
                      </div>
                      <ul className="grid gap-1.5 pl-6">
                        {area.permissions.map((permission) => (
                          <li key={permission} className="flex items-start gap-2">
                            <Checkbox
                              id={`role-permission-${permission}`}
                              checked={chosen.has(permission)}
                              onCheckedChange={(v) => toggle([permission], v === true)}
                              aria-describedby={`role-permission-${permission}-about`}
                              className="mt-0.5"
                            />
                            <div className="grid gap-0.5">
                              <Label htmlFor={`role-permission-${permission}`} className="font-normal">
                                {t(`permissions:${permission}.label`)}
                              </Label>
                              <p id={`role-permission-${permission}-about`} className="text-xs text-muted-foreground">
                                {t(`permissions:${permission}.description`)}
                              </p>
                            </div>
                          </li>
                        ))}
                      </ul>
                    </section>
                  );
                })}
              </div>
            );
          }}
        />
        <FieldError message={errors.permissions?.message} />
      </fieldset>
    </FormDialog>
  );
}
