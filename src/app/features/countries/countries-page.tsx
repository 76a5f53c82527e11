import { LockIcon, Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { hasAnyPermission } from '@/shared/permissions';
import { ListNotices } from '@/app/components/list-notices';
import { offlineListError } from '@/app/components/load-problem';
import { SettingsListPage, useRecordDialog } from '@/app/components/settings-list';
import { useListFilters } from '@/app/components/use-list-filters';
import { Badge } from '@/app/components/ui/badge';
import { TableCell } from '@/app/components/ui/table';
import { usePermissions } from '@/app/lib/session/use-session';
import { useOfflineList } from '@/app/offline/lists';
import { COUNTRY_LIST, COUNTRY_PATH, saveCountryDelete, type Country } from './country-changes';
import { CountryFormDialog } from './country-form-dialog';

/**
 * Countries (/settings/countries), offline first: the list is cached; changes go straight to
 * the server when it answers, and wait in the outbox only when it cannot be reached.
 */
export function CountriesPage() {
  const { t } = useTranslation('countries');
  const held = usePermissions();
  const view = useListFilters({ code: '', name: '' });
  const { settled } = view;
  const countries = useOfflineList({
    list: COUNTRY_LIST,
    path: COUNTRY_PATH,
    query: { code: settled.code || undefined, name: settled.name || undefined, ...view.page },
  });
  const editor = useRecordDialog<Country>();
  const canDelete = hasAnyPermission(held, ['CanDeleteCountry']);

  // A record whose creation or deletion waits in the outbox is not edited or deleted meanwhile.
  const isQueued = (id: string) => ['create', 'delete'].includes(countries.pending.get(id)?.action ?? '');

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
    <SettingsListPage
      words="countries"
      editor={editor}
      permissions={{ create: 'CanCreateCountry', edit: 'CanUpdateCountry' }}
      nameOf={(country) => country.name}
      editableNow={(country) => !isQueued(String(country.id))}
      notices={
        <ListNotices isOffline={countries.isOffline} error={countries.error} offlineMessage={t('offlineCopy')} />
      }
      view={view}
      filters={[
        { name: 'code', label: t('filterCode') },
        { name: 'name', label: t('filterName') },
      ]}
      columns={[t('code'), t('name'), t('userCount'), t('projectCount'), t('protected')]}
      records={{ ...countries, error: offlineListError(countries) }}
      ask={{
        when: (country) => canDelete && !country.protected && !isQueued(String(country.id)),
        label: (country) => t('deleteNamed', { name: country.name }),
        icon: <Trash2Icon />,
        title: t('deleteTitle'),
        description: (country) => t('deleteConfirm', { code: country.code, name: country.name }),
        confirmLabel: t('common:delete'),
        destructive: true,
        onConfirm: async (country) => {
          const outcome = await saveCountryDelete(country);
          toast.success(t('common:success'), { description: t(outcome.state === 'applied' ? 'deleted' : 'queued') });
        },
      }}
      row={(country) => {
        const id = String(country.id);
        return {
          key: id,
          pending: countries.pendingIds.has(id),
          cells: (
            <>
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
            </>
          ),
        };
      }}
    >
      <CountryFormDialog key={editor.dialogKey} {...editor.dialog} country={editor.record} />
    </SettingsListPage>
  );
}
