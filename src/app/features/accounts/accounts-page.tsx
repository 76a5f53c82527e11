import { useQuery } from '@tanstack/react-query';
import { KeyRoundIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { roleLabel } from '@/shared/role-labels';
import { toast } from '@/app/lib/toast';
import { hasAnyPermission } from '@/shared/permissions';
import { ActiveBadge, queriedRecords, SettingsListPage, useRecordDialog } from '@/app/components/settings-list';
import { useListFilters } from '@/app/components/use-list-filters';
import { TableCell } from '@/app/components/ui/table';
import { translateMessage } from '@/app/lib/words/i18n';
import { usePermissions } from '@/app/lib/session/use-session';
import { accountCard } from './account-card';
import { AccountFormDialog } from './account-form-dialog';
import { accountQueries, useSendPasswordReset, type Account } from './account-queries';

/** Accounts (/settings/accounts): staff users with their role and country. */
export function AccountsPage() {
  const { t } = useTranslation('accounts');
  const held = usePermissions();
  const view = useListFilters({ username: '', displayName: '', email: '' });
  const accounts = useQuery(accountQueries.list({ ...view.settled, ...view.page }));
  const editor = useRecordDialog<Account>();
  const sendReset = useSendPasswordReset();

  const canUpdate = hasAnyPermission(held, ['CanUpdateUser']);
  const canReset = hasAnyPermission(held, ['CanResetPassowrd']);

  return (
    <SettingsListPage
      words="accounts"
      editor={editor}
      permissions={{ create: 'CanCreateUser', edit: 'CanUpdateUser' }}
      nameOf={(account) => account.username}
      view={view}
      filters={[
        { name: 'username', label: t('filterUsername') },
        { name: 'displayName', label: t('filterDisplayName') },
        { name: 'email', label: t('filterEmail') },
      ]}
      columns={[
        t('username'),
        t('displayName'),
        { label: t('email'), className: 'hidden xl:table-cell' },
        t('role'),
        { label: t('country'), className: 'hidden lg:table-cell' },
        t('status'),
      ]}
      records={queriedRecords(accounts)}
      card={(account, onAsk) =>
        accountCard(account, t, { update: canUpdate, reset: canReset }, { edit: editor.edit, reset: onAsk })
      }
      ask={{
        when: () => canReset,
        label: (account) => t('resetPasswordNamed', { name: account.username }),
        icon: <KeyRoundIcon />,
        title: t('resetPassword'),
        description: (account) => t('resetPasswordConfirm', { name: account.displayName, email: account.email }),
        confirmLabel: t('sendLink'),
        onConfirm: (account) =>
          // A failure is told by the app's mutation handler; the dialog has nothing to wait for.
          sendReset.mutate(account.id, {
            onSuccess: (answer) =>
              toast.success(t('common:success'), { description: translateMessage(answer.message) }),
          }),
      }}
      row={(account) => ({
        key: account.id,
        cells: (
          <>
            <TableCell className="font-medium">{account.username}</TableCell>
            <TableCell className="min-w-32 whitespace-normal">
              {account.displayName}
              {/* Below desktop width the e-mail stands under the name rather than in its own column. */}
              <div className="text-xs break-all text-muted-foreground xl:hidden">{account.email}</div>
            </TableCell>
            <TableCell className="hidden xl:table-cell">{account.email}</TableCell>
            <TableCell className="whitespace-normal">{roleLabel(account.role.name, t)}</TableCell>
            <TableCell className="hidden whitespace-normal lg:table-cell">
              {account.country ? `${account.country.code} · ${account.country.name}` : '—'}
            </TableCell>
            <TableCell>
              <ActiveBadge active={account.active} label={account.active ? t('active') : t('inactive')} />
            </TableCell>
          </>
        ),
      })}
    >
      <AccountFormDialog key={editor.dialogKey} {...editor.dialog} account={editor.record} />
    </SettingsListPage>
  );
}
