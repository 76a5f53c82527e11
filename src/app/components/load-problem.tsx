import { useTranslation } from 'react-i18next';
import { Spinner } from '@/app/components/ui/spinner';
import { ApiError, isServerUnavailable } from '@/app/lib/api/api-error';
import { translateError } from '@/app/lib/words/i18n';
import { useIsServerUnavailable } from '@/app/lib/api/server-status';

/**
 * What a screen says instead of its content when loading it failed: never "No data" or "does not
 * exist", which would state a false fact about the laboratory. Null while nothing failed.
 */
export function useLoadProblem(error: unknown): string | null {
  const { t } = useTranslation(['common', 'errors']);
  const isUnavailable = useIsServerUnavailable();
  if (isServerUnavailable(error) || (error == null && isUnavailable)) return t('errors:unavailableTitle');
  if (error == null) return null;
  if (typeof error === 'string') return t('common:loadRefused', { reason: error });
  if (error instanceof ApiError && error.status !== 404 && error.message) {
    return t('common:loadRefused', { reason: translateError(error) });
  }
  if (error instanceof ApiError && error.status === 404) return null;
  return t('common:loadFailed');
}

/** The honest line of a list or detail screen that could not be loaded. */
export function LoadProblem({ message }: { message: string }) {
  return (
    <span role="alert" data-testid="load-problem">
      {message}
    </span>
  );
}

/**
 * An offline-first list's failure as a status row takes it: the server's refusal (already in the
 * user's language), or "could not be reached" while it shows a cached copy that may be empty.
 */
export function offlineListError(list: { isOffline: boolean; error: string | null }): unknown {
  if (list.error) return list.error;
  return list.isOffline ? new TypeError('unreachable') : null;
}

/**
 * A detail screen's body before its record is shown: loading, could not be loaded (and why), or
 * truly not found (the server answered 404 or nothing).
 */
export function DetailStatus({ isLoading, error, notFound }: { isLoading: boolean; error: unknown; notFound: string }) {
  const problem = useLoadProblem(error);
  if (isLoading) return <Spinner className="size-6" />;
  if (problem) return <LoadProblem message={problem} />;
  return <>{notFound}</>;
}
