import { useState } from 'react';
import { ApiError } from '@/app/lib/api/api-error';
import { handleError } from '@/app/lib/api/handle-error';
import { translateError } from '@/app/lib/words/i18n';

export type ServerVerdictState = ReturnType<typeof useServerVerdict>;

/**
 * The server's refusal of a change, kept for the place the change was made (a dialog, a form): in
 * the user's language, on the field it names when the form has that field, else as one line above
 * the buttons. Anything that is not a refusal (an expired session, a full device) goes to the
 * central handler.
 */
export function useServerVerdict() {
  const [message, setMessage] = useState<string | null>(null);
  return {
    message,
    clear: () => setMessage(null),
    /** `onField` shows the message on a field the answer names and says whether the form has it. */
    show(error: unknown, onField?: (field: string, message: string) => boolean) {
      if (!(error instanceof ApiError) || error.status === 401) {
        handleError(error);
        return;
      }
      const text = translateError(error);
      const shownOnField = Object.keys(error.errors).filter((field) => onField?.(field, text) === true);
      setMessage(shownOnField.length > 0 ? null : text);
    },
  };
}

/** Where a form shows the server's refusal. */
export function ServerVerdict({ verdict }: { verdict: Pick<ServerVerdictState, 'message'> }) {
  if (!verdict.message) return null;
  return (
    <p role="alert" data-testid="server-verdict" className="rounded-md bg-destructive/10 p-2 text-sm text-destructive">
      {verdict.message}
    </p>
  );
}
