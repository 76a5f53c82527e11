import { useQuery } from '@tanstack/react-query';
import { PencilIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAnyPermission } from '@/shared/permissions';
import { ListPager } from '@/app/components/list-pager';
import { TableStatusRow } from '@/app/components/table-status-row';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent } from '@/app/components/ui/card';
import { Input } from '@/app/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import { useDebouncedValue } from '@/app/lib/use-debounced-value';
import { usePermissions } from '@/app/lib/use-session';
import { PageFrame } from '@/app/features/layout/page-frame';
import { roleQueries, type Role } from './role-queries';
import { RoleFormDialog } from './role-form-dialog';

type Editing = { mode: 'create' } | { mode: 'edit'; role: Role } | null;

/** Roles (spec 2 /settings/roles): add and update roles with their permissions. */
export function RolesPage() {
  const { t } = useTranslation('roles');
  const held = usePermissions();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState({ limit: 20, offset: 0 });
  const settledSearch = useDebouncedValue(search);
  const roles = useQuery(roleQueries.list({ search: settledSearch, ...page }));
  const [editing, setEditing] = useState<Editing>(null);
  const canCreate = hasAnyPermission(held, ['CanCreateRolePermission']);
  const canUpdate = hasAnyPermission(held, ['CanUpdateRolePermission']);
  const items = roles.data?.items ?? [];

  return (
    <PageFrame
      title={t('title')}
      actions={
        canCreate && (
          <Button onClick={() => setEditing({ mode: 'create' })}>
            <PlusIcon />
            {t('create')}
          </Button>
        )
      }
    >
      <Card>
        <CardContent className="grid gap-4">
          <Input
            className="sm:max-w-xs"
            aria-label={t('common:search')}
            placeholder={t('common:search')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage((current) => ({ ...current, offset: 0 }));
            }}
          />
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t('name')}</TableHead>
                <TableHead>{t('description')}</TableHead>
                <TableHead>{t('permissionCount')}</TableHead>
                <TableHead>{t('userCount')}</TableHead>
                <TableHead>{t('status')}</TableHead>
                <TableHead className="text-right">{t('common:actions')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.length === 0 ? (
                <TableStatusRow columns={6} isLoading={roles.isPending} />
              ) : (
                items.map((role) => (
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
                ))
              )}
            </TableBody>
          </Table>
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
