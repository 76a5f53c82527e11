import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@/app/components/ui/button';

/** The sign-in form's "Forgot password?" link: the same before and after its dialog is fetched. */
export function ForgotPasswordButton(props: ButtonProps) {
  const { t } = useTranslation('auth');
  return (
    <Button type="button" variant="link" className="h-auto p-0 text-sm" {...props}>
      {t('forgotPassword')}
    </Button>
  );
}
