import { LockIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { hasAnyPermission } from '@/shared/permissions';
import { CreateButton } from '@/app/components/create-button';
import { ListPager } from '@/app/components/list-pager';
import { useListFilters } from '@/app/components/use-list-filters';
import { FilterInput } from '@/app/components/filter-input';
import { ListNotices } from '@/app/components/list-notices';
import { offlineListError } from '@/app/components/load-problem';
import { ListTable } from '@/app/components/list-table';
import { ConfirmDialog } from '@/app/components/confirm-dialog';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent } from '@/app/components/ui/card';
import { TableCell, TableHead, TableRow } from '@/app/components/ui/table';
import { usePermissions } from '@/app/lib/use-session';
import { useOfflineList } from '@/app/offline/lists';
import { PageFrame } from '@/app/layout/page-frame';
import { COUNTRY_LIST, COUNTRY_PATH, saveCountryDelete, type Country } from './country-changes';
import { CountryFormDialog } from './country-form-dialog';

type Editing = { mode: 'create' } | { mode: 'edit'; country: Country } | null;

/**
 * Countries (spec 2 /settings/countries), offline first: the list is cached; changes go straight to
 * the server when it answers, and wait in the outbox only when it cannot be reached.
 */
export function CountriesPage() {
  const { t } = useTranslation('countries');
  const held = usePermissions();
  const { filters, settled, page, setPage, setFilter } = useListFilters({ code: '', name: '' });
  const countries = useOfflineList({
    list: COUNTRY_LIST,
    path: COUNTRY_PATH,
    query: { code: settled.code || undefined, name: settled.name || undefined, ...page },
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Country | null>(null);
  const canCreate = hasAnyPermission(held, ['CanCreateCountry']);
  const canUpdate = hasAnyPermission(held, ['CanUpdateCountry']);
  const canDelete = hasAnyPermission(held, ['CanDeleteCountry']);

  const pendingLabel = (id: string) => {
    const mark = countries.pending.get(id);
    if (!mark) return null;
    const attention = mark.state === 'failed' || mark.state === 'conflict';
    return (
      <Badge variant={attention ? 'destructive' : 'warning'} title={mark.error}>
        {t(`pending.${mark.action}`)}
        {attention && ` · ${t(`pending.${mark.state}`)}`}
      </Badge>
    );
  };

  return (
    <PageFrame
      title={t('title')}
      actions={canCreate && <CreateButton label={t('create')} onClick={() => setEditing({ mode: 'create' })} />}
    >
      <Card>
        <CardContent className="grid gap-4">
          <ListNotices isOffline={countries.isOffline} error={countries.error} offlineMessage={t('offlineCopy')} />
          <div className="grid gap-3 sm:grid-cols-2">
            <FilterInput label={t('filterCode')} value={filters.code} onChange={(value) => setFilter('code', value)} />
            <FilterInput label={t('filterName')} value={filters.name} onChange={(value) => setFilter('name', value)} />
          </div>
          <ListTable
            columns={6}
            isLoading={countries.isLoading}
            error={offlineListError(countries)}
            items={countries.items}
            head={
              <>
                <TableHead>{t('code')}</TableHead>
                <TableHead>{t('name')}</TableHead>
                <TableHead>{t('userCount')}</TableHead>
                <TableHead>{t('projectCount')}</TableHead>
                <TableHead>{t('protected')}</TableHead>
                <TableHead className="text-right">{t('common:actions')}</TableHead>
              </>
            }
            row={(country) => {
              const id = String(country.id);
              const isQueuedCreate = countries.pending.get(id)?.action === 'create';
              const isQueuedDelete = countries.pending.get(id)?.action === 'delete';
              return (
                <TableRow key={id} data-pending={countries.pendingIds.has(id) || undefined}>
                  <TableCell className="font-mono font-medium">{country.code}</TableCell>
                  <TableCell>
                    <span className="mr-2">{country.name}</span>
                    {pendingLabel(id)}
                  </TableCell>
                  <TableCell>{country.userCount ?? 0}</TableCell>
                  <TableCell>{country.projectCount ?? 0}</TableCell>
                  <TableCell>
                    {country.protected && (
                      <Badge variant="secondary">
                        <LockIcon className="size-3" />
                        {t('protected')}
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell className="text-right">
                    {canUpdate && !isQueuedCreate && !isQueuedDelete && (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t('editNamed', { name: country.name })}
                        onClick={() => setEditing({ mode: 'edit', country })}
                      >
                        <PencilIcon />
                      </Button>
                    )}
                    {canDelete && !country.protected && !isQueuedCreate && !isQueuedDelete && (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t('deleteNamed', { name: country.name })}
                        onClick={() => setDeleting(country)}
                      >
                        <Trash2Icon />
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              );
            }}
          />
          <ListPager total={countries.total} limit={page.limit} offset={page.offset} onChange={setPage} />
        </CardContent>
      </Card>
      <CountryFormDialog
        key={editing?.mode === 'edit' ? editing.country.id : 'create'}
        open={editing !== null}
        country={editing?.mode === 'edit' ? editing.country : undefined}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('deleteTitle')}
        description={t('deleteConfirm', { code: deleting?.code, name: deleting?.name })}
        confirmLabel={t('common:delete')}
        destructive
        onConfirm={async () => {
          if (!deleting) return;
          const outcome = await saveCountryDelete(deleting);
          toast.success(t('common:success'), { description: t(outcome.state === 'applied' ? 'deleted' : 'queued') });
        }}
      />
    </PageFrame>
  );
}
