import { KeyRoundIcon } from 'lucide-react';
import { OPENS_CARD, type ListCard } from '@/app/components/list-cards';
import { ActiveBadge, RowAction } from '@/app/components/settings-list';
import { roleLabel } from '@/shared/role-labels';
import type { Account } from './account-queries';

/**
 * An account at phone width. Tapping the card edits the account (as the row's pencil does) when the
 * user may; resetting the password stays a button of its own.
 */
export function accountCard(
  account: Account,
  t: (key: string, values?: Record<string, string>) => string,
  can: { update: boolean; reset: boolean },
  on: { edit: (account: Account) => void; reset: (account: Account) => void },
): ListCard {
  return {
    key: account.id,
    title: can.update ? (
      <button
        type="button"
        className={`text-left text-primary hover:underline ${OPENS_CARD}`}
        aria-label={t('editNamed', { name: account.username })}
        onClick={() => on.edit(account)}
      >
        {account.username}
      </button>
    ) : (
      account.username
    ),
    badge: <ActiveBadge active={account.active} label={account.active ? t('active') : t('inactive')} />,
    fields: [
      { label: t('displayName'), value: account.displayName },
      { label: t('email'), value: <span className="break-all">{account.email}</span> },
      { label: t('role'), value: roleLabel(account.role.name, t) },
      { label: t('country'), value: account.country ? `${account.country.code} · ${account.country.name}` : '—' },
    ],
    actions: can.reset && (
      <RowAction
        label={t('resetPasswordNamed', { name: account.username })}
        icon={<KeyRoundIcon />}
        onClick={() => on.reset(account)}
      />
    ),
  };
}
