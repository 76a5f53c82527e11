import { onDemand, popupButtonProps } from '@/app/lib/on-demand';
import { UserMenuButton } from './user-menu-button';

// The menu (Radix's menu, floating positioning) and what it holds (the push switch, the toasts) come
// when the user reaches for it, not with a staff screen's first paint.
const useUserMenuDropdown = onDemand(() => import('./user-menu-dropdown').then((chunk) => chunk.UserMenuDropdown));

/** The header's user menu: its button at once, the menu fetched when the user points at, focuses or presses it. */
export function UserMenu() {
  const { Component: UserMenuDropdown, opened, prefetch, open } = useUserMenuDropdown();
  if (UserMenuDropdown) return <UserMenuDropdown defaultOpen={opened} />;
  return <UserMenuButton {...popupButtonProps('menu', { prefetch, open })} />;
}
