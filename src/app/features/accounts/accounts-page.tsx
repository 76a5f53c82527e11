import { useQuery } from '@tanstack/react-query';
import { KeyRoundIcon, PencilIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { hasAnyPermission } from '@/shared/permissions';
import { ListPager } from '@/app/components/list-pager';
import { TableStatusRow } from '@/app/components/table-status-row';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/app/components/ui/alert-dialog';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent } from '@/app/components/ui/card';
import { Input } from '@/app/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import { translateMessage } from '@/app/lib/i18n';
import { useDebouncedValue } from '@/app/lib/use-debounced-value';
import { usePermissions } from '@/app/lib/use-session';
import { PageFrame } from '@/app/features/layout/page-frame';
import { AccountFormDialog } from './account-form-dialog';
import { accountQueries, useSendPasswordReset, type Account } from './account-queries';

type Editing = { mode: 'create' } | { mode: 'edit'; account: Account } | null;

/** Accounts (spec 2 /settings/accounts): staff users with their role and country. */
export function AccountsPage() {
  const { t } = useTranslation('accounts');
  const held = usePermissions();
  const [text, setText] = useState({ username: '', displayName: '', email: '' });
  const [page, setPage] = useState({ limit: 20, offset: 0 });
  const filters = useDebouncedValue(text);
  const accounts = useQuery(accountQueries.list({ ...filters, ...page }));
  const [editing, setEditing] = useState<Editing>(null);
  const [resetting, setResetting] = useState<Account | null>(null);
  const sendReset = useSendPasswordReset();

  const canCreate = hasAnyPermission(held, ['CanCreateUser']);
  const canUpdate = hasAnyPermission(held, ['CanUpdateUser']);
  const canReset = hasAnyPermission(held, ['CanResetPassowrd']);
  const items = accounts.data?.items ?? [];

  const setFilter = (name: keyof typeof text, value: string) => {
    setText((current) => ({ ...current, [name]: value }));
    setPage((current) => ({ ...current, offset: 0 }));
  };

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
          <div className="grid gap-3 sm:grid-cols-3">
            <Input
              aria-label={t('filterUsername')}
              placeholder={t('filterUsername')}
              value={text.username}
              onChange={(e) => setFilter('username', e.target.value)}
            />
            <Input
              aria-label={t('filterDisplayName')}
              placeholder={t('filterDisplayName')}
              value={text.displayName}
              onChange={(e) => setFilter('displayName', e.target.value)}
            />
            <Input
              aria-label={t('filterEmail')}
              placeholder={t('filterEmail')}
              value={text.email}
              onChange={(e) => setFilter('email', e.target.value)}
            />
          </div>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t('username')}</TableHead>
                <TableHead>{t('displayName')}</TableHead>
                <TableHead>{t('email')}</TableHead>
                <TableHead>{t('role')}</TableHead>
                <TableHead>{t('country')}</TableHead>
                <TableHead>{t('status')}</TableHead>
                <TableHead className="text-right">{t('common:actions')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.length === 0 ? (
                <TableStatusRow columns={7} isLoading={accounts.isPending} />
              ) : (
                items.map((account) => (
                  <TableRow key={account.id}>
                    <TableCell className="font-medium">{account.username}</TableCell>
                    <TableCell>{account.displayName}</TableCell>
                    <TableCell>{account.email}</TableCell>
                    <TableCell>{account.role.name}</TableCell>
                    <TableCell>{account.country ? `${account.country.code} · ${account.country.name}` : '—'}</TableCell>
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
                ))
              )}
            </TableBody>
          </Table>
          <ListPager total={accounts.data?.total ?? 0} limit={page.limit} offset={page.offset} onChange={setPage} />
        </CardContent>
      </Card>
      <AccountFormDialog
        key={editing?.mode === 'edit' ? editing.account.id : 'create'}
        open={editing !== null}
        account={editing?.mode === 'edit' ? editing.account : undefined}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <AlertDialog open={resetting !== null} onOpenChange={(open) => !open && setResetting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('resetPassword')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('resetPasswordConfirm', { name: resetting?.displayName, email: resetting?.email })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('common:cancel')}</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                if (!resetting) return;
                sendReset.mutate(resetting.id, {
                  onSuccess: (answer) =>
                    toast.success(t('common:success'), { description: translateMessage(answer.message) }),
                });
              }}
            >
              {t('sendLink')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </PageFrame>
  );
}
