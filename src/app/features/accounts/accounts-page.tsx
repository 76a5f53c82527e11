import { useQuery } from '@tanstack/react-query';
import { KeyRoundIcon, PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { hasAnyPermission } from '@/shared/permissions';
import { CreateButton } from '@/app/components/create-button';
import { ListPager } from '@/app/components/list-pager';
import { useListFilters } from '@/app/components/use-list-filters';
import { FilterInput } from '@/app/components/filter-input';
import { ListCards, TABLE_FROM_SM } from '@/app/components/list-cards';
import { ListTable } from '@/app/components/list-table';
import { ConfirmDialog } from '@/app/components/confirm-dialog';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent } from '@/app/components/ui/card';
import { TableCell, TableHead, TableRow } from '@/app/components/ui/table';
import { translateMessage } from '@/app/lib/i18n';
import { usePermissions } from '@/app/lib/use-session';
import { PageFrame } from '@/app/layout/page-frame';
import { accountCard } from './account-card';
import { AccountFormDialog } from './account-form-dialog';
import { accountQueries, useSendPasswordReset, type Account } from './account-queries';

type Editing = { mode: 'create' } | { mode: 'edit'; account: Account } | null;

/** Accounts (spec 2 /settings/accounts): staff users with their role and country. */
export function AccountsPage() {
  const { t } = useTranslation('accounts');
  const held = usePermissions();
  const { filters, settled, page, setPage, setFilter } = useListFilters({ username: '', displayName: '', email: '' });
  const accounts = useQuery(accountQueries.list({ ...settled, ...page }));
  const [editing, setEditing] = useState<Editing>(null);
  const [resetting, setResetting] = useState<Account | null>(null);
  const sendReset = useSendPasswordReset();

  const canCreate = hasAnyPermission(held, ['CanCreateUser']);
  const canUpdate = hasAnyPermission(held, ['CanUpdateUser']);
  const canReset = hasAnyPermission(held, ['CanResetPassowrd']);
  const items = accounts.data?.items ?? [];

  return (
    <PageFrame
      title={t('title')}
      actions={canCreate && <CreateButton label={t('create')} onClick={() => setEditing({ mode: 'create' })} />}
    >
      <Card>
        <CardContent className="grid gap-4">
          <div className="grid gap-3 sm:grid-cols-3">
            <FilterInput
              label={t('filterUsername')}
              value={filters.username}
              onChange={(value) => setFilter('username', value)}
            />
            <FilterInput
              label={t('filterDisplayName')}
              value={filters.displayName}
              onChange={(value) => setFilter('displayName', value)}
            />
            <FilterInput
              label={t('filterEmail')}
              value={filters.email}
              onChange={(value) => setFilter('email', value)}
            />
          </div>
          <ListCards
            label={t('title')}
            items={items}
            isLoading={accounts.isPending}
            error={accounts.error}
            card={(account) =>
              accountCard(
                account,
                t,
                { update: canUpdate, reset: canReset },
                { edit: (chosen) => setEditing({ mode: 'edit', account: chosen }), reset: setResetting },
              )
            }
          />
          <ListTable
            boxClassName={TABLE_FROM_SM}
            columns={7}
            isLoading={accounts.isPending}
            error={accounts.error}
            items={items}
            head={
              <>
                <TableHead>{t('username')}</TableHead>
                <TableHead>{t('displayName')}</TableHead>
                <TableHead className="hidden xl:table-cell">{t('email')}</TableHead>
                <TableHead>{t('role')}</TableHead>
                <TableHead className="hidden lg:table-cell">{t('country')}</TableHead>
                <TableHead>{t('status')}</TableHead>
                <TableHead className="text-right">{t('common:actions')}</TableHead>
              </>
            }
            row={(account) => (
              <TableRow key={account.id}>
                <TableCell className="font-medium">{account.username}</TableCell>
                <TableCell className="min-w-32 whitespace-normal">
                  {account.displayName}
                  {/* Below desktop width the e-mail stands under the name rather than in its own column. */}
                  <div className="text-xs break-all text-muted-foreground xl:hidden">{account.email}</div>
                </TableCell>
                <TableCell className="hidden xl:table-cell">{account.email}</TableCell>
                <TableCell className="whitespace-normal">{account.role.name}</TableCell>
                <TableCell className="hidden whitespace-normal lg:table-cell">
                  {account.country ? `${account.country.code} · ${account.country.name}` : '—'}
                </TableCell>
                <TableCell>
                  <Badge variant={account.active ? 'secondary' : 'outline'}>
                    {account.active ? t('active') : t('inactive')}
                  </Badge>
                </TableCell>
                <TableCell className="text-right">
                  {canUpdate && (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('editNamed', { name: account.username })}
                      onClick={() => setEditing({ mode: 'edit', account })}
                    >
                      <PencilIcon />
                    </Button>
                  )}
                  {canReset && (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('resetPasswordNamed', { name: account.username })}
                      onClick={() => setResetting(account)}
                    >
                      <KeyRoundIcon />
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            )}
          />
          <ListPager total={accounts.data?.total ?? 0} limit={page.limit} offset={page.offset} onChange={setPage} />
        </CardContent>
      </Card>
      <AccountFormDialog
        key={editing?.mode === 'edit' ? editing.account.id : 'create'}
        open={editing !== null}
        account={editing?.mode === 'edit' ? editing.account : undefined}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <ConfirmDialog
        open={resetting !== null}
        onOpenChange={(open) => !open && setResetting(null)}
        title={t('resetPassword')}
        description={t('resetPasswordConfirm', { name: resetting?.displayName, email: resetting?.email })}
        confirmLabel={t('sendLink')}
        onConfirm={() => {
          if (!resetting) return;
          // A failure is told by the app's mutation handler; the dialog has nothing to wait for.
          sendReset.mutate(resetting.id, {
            onSuccess: (answer) =>
              toast.success(t('common:success'), { description: translateMessage(answer.message) }),
          });
        }}
      />
    </PageFrame>
  );
}
