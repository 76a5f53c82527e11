import type { FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInputField, type FormOf } from '@/app/components/form-fields';

type ChoosesPassword = FieldValues & { newPassword: string; confirmPassword: string };

/** The password fields, in order, with what password managers are told each one holds. */
const PASSWORD_FIELDS = [
  { name: 'oldPassword', id: 'old', autoComplete: 'current-password' },
  { name: 'newPassword', id: 'new', autoComplete: 'new-password' },
  { name: 'confirmPassword', id: 'confirm', autoComplete: 'new-password' },
] as const;

/**
 * Choosing a password: the new one typed twice, the same two fields wherever a password is chosen;
 * `current` first asks for the password in use (changing one's own, not setting one from a reset link).
 */
export function PasswordFields<T extends ChoosesPassword>({
  form,
  idPrefix,
  current = false,
}: {
  form: FormOf<T>;
  idPrefix: string;
  current?: boolean;
}) {
  const { t } = useTranslation('auth');
  const fields = current ? PASSWORD_FIELDS : PASSWORD_FIELDS.slice(1);
  return fields.map(({ name, id, autoComplete }) => (
    <TextInputField
      key={name}
      form={form}
      name={name as Path<T>}
      id={`${idPrefix}-${id}`}
      label={t(name)}
      type="password"
      autoComplete={autoComplete}
    />
  ));
}
