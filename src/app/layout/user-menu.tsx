import { KeyRoundIcon, LogOutIcon, RefreshCwIcon, UserIcon } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/app/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/app/components/ui/dropdown-menu';
import { useStoredLogin } from '@/app/lib/use-session';
import { onDemand } from '@/app/lib/on-demand';
import { useSignOut } from '@/app/features/auth/sign-out';
import { PushSwitch } from '@/app/features/notifications/push-switch';

// The dialog and its form (react-hook-form, zod) come when the menu opens, not with every staff
// screen (README "Performance").
const useChangePasswordDialog = onDemand(() =>
  import('@/app/features/auth/change-password-dialog').then((chunk) => chunk.ChangePasswordDialog),
);

export function UserMenu() {
  const { t } = useTranslation('layout');
  const login = useStoredLogin();
  const { requestSignOut } = useSignOut();
  const [changingPassword, setChangingPassword] = useState(false);
  const { Component: ChangePasswordDialog, prefetch, open } = useChangePasswordDialog();
  const user = login?.data.user;

  return (
    <>
      <DropdownMenu onOpenChange={(opened) => opened && prefetch()}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t('userMenu')} className="rounded-full bg-muted">
            <UserIcon />
          </Button>
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
