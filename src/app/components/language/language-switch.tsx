import { onDemand, popupButtonProps } from '@/app/lib/on-demand';
import { LanguageButton } from './language-button';

const useLanguageMenu = onDemand(() => import('./language-menu').then((chunk) => chunk.LanguageMenu));

/** The language menu, fetched when the user reaches for it (the public pages start without it). */
export function LanguageSwitch() {
  const { Component: LanguageMenu, opened, prefetch, open } = useLanguageMenu();
  if (LanguageMenu) return <LanguageMenu defaultOpen={opened} />;
  return <LanguageButton {...popupButtonProps('menu', { prefetch, open })} />;
}
