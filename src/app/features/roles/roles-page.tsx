import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useListFilters } from '@/app/components/use-list-filters';
import { ActiveBadge, SettingsListPage, useRecordDialog } from '@/app/components/settings-list';
import { TableCell } from '@/app/components/ui/table';
import { roleQueries, type Role } from './role-queries';
import { RoleFormDialog } from './role-form-dialog';

/** Roles (spec 2 /settings/roles): add and update roles with their permissions. */
export function RolesPage() {
  const { t } = useTranslation('roles');
  const { filters, settled, page, setPage, setFilter } = useListFilters({ search: '' });
  const roles = useQuery(roleQueries.list({ search: settled.search, ...page }));
  const editor = useRecordDialog<Role>();

  return (
    <SettingsListPage
      words="roles"
      create={{ permission: 'CanCreateRolePermission', onCreate: editor.create }}
      filters={[{ label: t('common:search'), value: filters.search, onChange: (value) => setFilter('search', value) }]}
      columns={[t('name'), t('description'), t('permissionCount'), t('userCount'), t('status')]}
      items={roles.data?.items ?? []}
      isLoading={roles.isPending}
      error={roles.error}
      total={roles.data?.total ?? 0}
      page={page}
      onPage={setPage}
      edit={{
        permission: 'CanUpdateRolePermission',
        label: (role) => t('editNamed', { name: role.name }),
        onEdit: editor.edit,
      }}
      row={(role) => ({
        key: role.id,
        cells: (
          <>
            <TableCell className="font-medium">{role.name}</TableCell>
            <TableCell className="max-w-md truncate whitespace-normal">{role.description}</TableCell>
            <TableCell>{role.permissions.length}</TableCell>
            <TableCell>{role.userCount}</TableCell>
            <TableCell>
              <ActiveBadge active={role.active} label={role.active ? t('active') : t('inactive')} />
            </TableCell>
          </>
        ),
      })}
    >
      <RoleFormDialog key={editor.dialogKey} {...editor.dialog} role={editor.record} />
    </SettingsListPage>
  );
}
