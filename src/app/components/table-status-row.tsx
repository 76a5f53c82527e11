import { useTranslation } from 'react-i18next';
import { LoadProblem, useLoadProblem } from '@/app/components/load-problem';
import { Spinner } from '@/app/components/ui/spinner';
import { TableCell, TableRow } from '@/app/components/ui/table';

/**
 * The single row a table shows while loading or when it has nothing to show. "No data" only when
 * the server answered with nothing; when it could not be asked (offline, unreachable, its database
 * away) or refused, the row says so instead.
 */
export function TableStatusRow({
  columns,
  isLoading,
  error,
}: {
  columns: number;
  isLoading: boolean;
  /** The list query's error (null when it has none). */
  error: unknown;
}) {
  const { t } = useTranslation('common');
  const problem = useLoadProblem(error);
  return (
    <TableRow>
      <TableCell colSpan={columns} className="h-24 text-center whitespace-normal text-muted-foreground">
        {isLoading ? <Spinner className="mx-auto size-6" /> : problem ? <LoadProblem message={problem} /> : t('noData')}
      </TableCell>
    </TableRow>
  );
}
