import { KeyRoundIcon, LogOutIcon, RefreshCwIcon } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/app/components/ui/dropdown-menu';
import { useStoredLogin } from '@/app/lib/session/use-session';
import { onDemand } from '@/app/lib/on-demand';
import { useSignOut } from '@/app/features/auth/sign-out';
import { PushSwitch } from '@/app/features/notifications/push-switch';
import { UserMenuButton } from './user-menu-button';

// The dialog and its form (react-hook-form, zod) come when the menu opens, not with every staff
// screen.
const useChangePasswordDialog = onDemand(() =>
  import('@/app/features/auth/change-password-dialog').then((chunk) => chunk.ChangePasswordDialog),
);

/** The user menu once fetched (user-menu.tsx): open at once when the user pressed its button. */
export function UserMenuDropdown({ defaultOpen }: { defaultOpen: boolean }) {
  const { t } = useTranslation('layout');
  const login = useStoredLogin();
  const { requestSignOut } = useSignOut();
  const [changingPassword, setChangingPassword] = useState(false);
  const { Component: ChangePasswordDialog, prefetch, open } = useChangePasswordDialog();
  // Opened with the menu's first fetch: no change of open state tells the menu to fetch the dialog.
  useEffect(() => {
    if (defaultOpen) prefetch();
  }, [defaultOpen, prefetch]);
  const user = login?.data.user;

  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen} onOpenChange={(opened) => opened && prefetch()}>
        <DropdownMenuTrigger asChild>
          <UserMenuButton />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <DropdownMenuLabel className="grid">
            <span className="truncate">{user?.displayName}</span>
            <span className="truncate text-xs font-normal text-muted-foreground" data-testid="user-email">
              {user?.email}
            </span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            onSelect={() => {
              setChangingPassword(true);
              open();
            }}
          >
            <KeyRoundIcon />
            {t('changePassword')}
          </DropdownMenuItem>
          <PushSwitch />
          <DropdownMenuItem asChild>
            <Link to="/sync">
              <RefreshCwIcon />
              {t('syncStatus')}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void requestSignOut()}>
            <LogOutIcon />
            {t('menu.logout')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {ChangePasswordDialog && <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />}
    </>
  );
}
