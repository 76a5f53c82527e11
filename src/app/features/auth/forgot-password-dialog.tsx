import { loadMessageTexts } from '@/app/lib/words/i18n';
import { onDemand, popupButtonProps } from '@/app/lib/on-demand';
import { ForgotPasswordButton } from './forgot-password-button';

// The dialog shows the rules' and the server's messages, which the sign-in page does not start with.
const useResetRequestDialog = onDemand(() =>
  Promise.all([import('./reset-request-dialog'), loadMessageTexts()]).then(([chunk]) => chunk.ResetRequestDialog),
);

/** "Forgot password?" and its dialog, fetched when the user reaches for it (not with the sign-in page). */
export function ForgotPasswordDialog() {
  const { Component: ResetRequestDialog, opened, prefetch, open } = useResetRequestDialog();
  if (ResetRequestDialog) return <ResetRequestDialog defaultOpen={opened} />;
  return <ForgotPasswordButton {...popupButtonProps('dialog', { prefetch, open })} />;
}
