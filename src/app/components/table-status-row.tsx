import { useTranslation } from 'react-i18next';
import { Spinner } from '@/app/components/ui/spinner';
import { TableCell, TableRow } from '@/app/components/ui/table';

/** The single row a table shows while loading or when it has nothing to show. */
export function TableStatusRow({ columns, isLoading }: { columns: number; isLoading: boolean }) {
  const { t } = useTranslation('common');
  return (
    <TableRow>
      <TableCell colSpan={columns} className="h-24 text-center text-muted-foreground">
        {isLoading ? <Spinner className="mx-auto size-6" /> : t('noData')}
      </TableCell>
    </TableRow>
  );
}
