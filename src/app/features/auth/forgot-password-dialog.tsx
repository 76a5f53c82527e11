import { onDemand } from '@/app/lib/on-demand';
import { ForgotPasswordButton } from './forgot-password-button';

const useResetRequestDialog = onDemand(() =>
  import('./reset-request-dialog').then((chunk) => chunk.ResetRequestDialog),
);

/** "Forgot password?" and its dialog, fetched when the user reaches for it (not with the sign-in page). */
export function ForgotPasswordDialog() {
  const { Component: ResetRequestDialog, opened, prefetch, open } = useResetRequestDialog();
  if (ResetRequestDialog) return <ResetRequestDialog defaultOpen={opened} />;
  return (
    <ForgotPasswordButton
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={open}
    />
  );
}
