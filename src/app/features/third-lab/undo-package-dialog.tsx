import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { ConfirmDialog } from '@/app/components/confirm-dialog';
import { FormField } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { queueUndoPackage } from './third-lab-queries';

const PACKAGE_CODE_REQUIRED = 'Package code is required';

/**
 * Undo a sample transaction: the whole package goes back to the tester lab, after a
 * confirm. Mount it when it opens, so it starts from the given package code each time.
 */
export function UndoPackageDialog({
  open,
  onOpenChange,
  packageCode,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  packageCode?: string | null;
}) {
  const { t } = useTranslation('third-lab');
  const id = useId();
  const [code, setCode] = useState(packageCode ?? '');
  const [error, setError] = useState<string>();

  const undo = async () => {
    const trimmed = code.trim();
    if (!trimmed) {
      setError(PACKAGE_CODE_REQUIRED);
      return false;
    }
    setError(undefined);
    await queueUndoPackage(trimmed);
    toast.success(t('common:success'), { description: t('undo.queued', { packageCode: trimmed }) });
    return true;
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('undo.title')}
      description={t('undo.description')}
      confirmLabel={t('undo.confirm')}
      destructive
      onConfirm={undo}
    >
      <FormField id={`${id}-code`} label={t('undo.packageCode')} error={error}>
        <Input
          id={`${id}-code`}
          value={code}
          readOnly={Boolean(packageCode)}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
      </FormField>
    </ConfirmDialog>
  );
}
