import { useQuery } from '@tanstack/react-query';
import { PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAnyPermission } from '@/shared/permissions';
import { CreateButton } from '@/app/components/create-button';
import { ListPager } from '@/app/components/list-pager';
import { useListFilters } from '@/app/components/use-list-filters';
import { FilterInput } from '@/app/components/filter-input';
import { ListTable } from '@/app/components/list-table';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent } from '@/app/components/ui/card';
import { TableCell, TableHead, TableRow } from '@/app/components/ui/table';
import { usePermissions } from '@/app/lib/use-session';
import { PageFrame } from '@/app/layout/page-frame';
import { roleQueries, type Role } from './role-queries';
import { RoleFormDialog } from './role-form-dialog';

type Editing = { mode: 'create' } | { mode: 'edit'; role: Role } | null;

/** Roles (spec 2 /settings/roles): add and update roles with their permissions. */
export function RolesPage() {
  const { t } = useTranslation('roles');
  const held = usePermissions();
  const { filters, settled, page, setPage, setFilter } = useListFilters({ search: '' });
  const roles = useQuery(roleQueries.list({ search: settled.search, ...page }));
  const [editing, setEditing] = useState<Editing>(null);
  const canCreate = hasAnyPermission(held, ['CanCreateRolePermission']);
  const canUpdate = hasAnyPermission(held, ['CanUpdateRolePermission']);
  const items = roles.data?.items ?? [];

  return (
    <PageFrame
      title={t('title')}
      actions={canCreate && <CreateButton label={t('create')} onClick={() => setEditing({ mode: 'create' })} />}
    >
      <Card>
        <CardContent className="grid gap-4">
          <FilterInput
            className="sm:max-w-xs"
            label={t('common:search')}
            value={filters.search}
            onChange={(value) => setFilter('search', value)}
          />
          <ListTable
            columns={6}
            isLoading={roles.isPending}
            error={roles.error}
            items={items}
            head={
              <>
                <TableHead>{t('name')}</TableHead>
                <TableHead>{t('description')}</TableHead>
                <TableHead>{t('permissionCount')}</TableHead>
                <TableHead>{t('userCount')}</TableHead>
                <TableHead>{t('status')}</TableHead>
                <TableHead className="text-right">{t('common:actions')}</TableHead>
              </>
            }
            row={(role) => (
              <TableRow key={role.id}>
                <TableCell className="font-medium">{role.name}</TableCell>
                <TableCell className="max-w-md truncate whitespace-normal">{role.description}</TableCell>
                <TableCell>{role.permissions.length}</TableCell>
                <TableCell>{role.userCount}</TableCell>
                <TableCell>
                  <Badge variant={role.active ? 'secondary' : 'outline'}>
                    {role.active ? t('active') : t('inactive')}
                  </Badge>
                </TableCell>
                <TableCell className="text-right">
                  {canUpdate && (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('editNamed', { name: role.name })}
                      onClick={() => setEditing({ mode: 'edit', role })}
                    >
                      <PencilIcon />
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            )}
          />
          <ListPager total={roles.data?.total ?? 0} limit={page.limit} offset={page.offset} onChange={setPage} />
        </CardContent>
      </Card>
      <RoleFormDialog
        key={editing?.mode === 'edit' ? editing.role.id : 'create'}
        open={editing !== null}
        role={editing?.mode === 'edit' ? editing.role : undefined}
        onOpenChange={(open) => !open && setEditing(null)}
      />
    </PageFrame>
  );
}
