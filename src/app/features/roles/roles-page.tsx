import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useListFilters } from '@/app/components/use-list-filters';
import { ActiveBadge, queriedRecords, SettingsListPage, useRecordDialog } from '@/app/components/settings-list';
import { TableCell } from '@/app/components/ui/table';
import { roleLabel } from '@/shared/role-labels';
import { roleQueries, type Role } from './role-queries';
import { RoleFormDialog } from './role-form-dialog';

/** Roles (/settings/roles): add and update roles with their permissions. */
export function RolesPage() {
  const { t } = useTranslation('roles');
  const view = useListFilters({ search: '' });
  const roles = useQuery(roleQueries.list({ search: view.settled.search, ...view.page }));
  const editor = useRecordDialog<Role>();

  return (
    <SettingsListPage
      words="roles"
      editor={editor}
      permissions={{ create: 'CanCreateRolePermission', edit: 'CanUpdateRolePermission' }}
      nameOf={(role) => roleLabel(role.name, t)}
      view={view}
      filters={[{ name: 'search', label: t('common:search') }]}
      columns={[t('name'), t('description'), t('permissionCount'), t('userCount'), t('status')]}
      records={queriedRecords(roles)}
      row={(role) => ({
        key: role.id,
        cells: (
          <>
            <TableCell className="font-medium">{roleLabel(role.name, t)}</TableCell>
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
