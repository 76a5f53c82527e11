import { useTranslation } from 'react-i18next';
import { Spinner } from '@/app/components/ui/spinner';
import { TableCell, TableRow } from '@/app/components/ui/table';
import { useIsServerUnavailable } from '@/app/lib/server-status';

/**
 * The single row a table shows while loading or when it has nothing to show; "Server unavailable"
 * when the list is empty because the server could not answer (its database is away).
 */
export function TableStatusRow({ columns, isLoading }: { columns: number; isLoading: boolean }) {
  const { t } = useTranslation(['common', 'errors']);
  const isUnavailable = useIsServerUnavailable();
  return (
    <TableRow>
      <TableCell colSpan={columns} className="h-24 text-center text-muted-foreground">
        {isLoading ? (
          <Spinner className="mx-auto size-6" />
        ) : isUnavailable ? (
          t('errors:unavailableTitle')
        ) : (
          t('common:noData')
        )}
      </TableCell>
    </TableRow>
  );
}
