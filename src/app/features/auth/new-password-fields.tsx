import type { FieldValues, FormState, Path, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInputField } from '@/app/components/form-fields';

type ChoosesPassword = FieldValues & { newPassword: string; confirmPassword: string };

/**
 * The new password, typed twice: the same two fields wherever a password is chosen (changing one's
 * own, or setting one from a reset link). Password managers are told it is a new password.
 */
export function NewPasswordFields<T extends ChoosesPassword>({
  form,
  idPrefix,
}: {
  form: { register: UseFormRegister<T>; formState: FormState<T> };
  idPrefix: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      {(
        [
          ['newPassword', 'new'],
          ['confirmPassword', 'confirm'],
        ] as const
      ).map(([name, id]) => (
        <TextInputField
          key={name}
          form={form}
          name={name as Path<T>}
          id={`${idPrefix}-${id}`}
          label={t(name)}
          type="password"
          autoComplete="new-password"
        />
      ))}
    </>
  );
}
