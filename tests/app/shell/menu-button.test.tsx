import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/app/lib/words/i18n';
import { LanguageSwitch } from '@/app/components/language/language-switch';

// A menu's plain button before the menu is fetched (popupButtonProps in src/app/lib/on-demand.ts):
// it says what the menu's own button says, and opens the same ways.

describe("a menu's button before its menu is fetched", () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('says it opens a menu and is closed', () => {
    render(<LanguageSwitch />);
    const button = screen.getByRole('button', { name: /^Language/ });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('data-state')).toBe('closed');
  });

  it('opens the menu on the arrow down, as the menu’s own button does', async () => {
    render(<LanguageSwitch />);
    fireEvent.keyDown(screen.getByRole('button', { name: /^Language/ }), { key: 'ArrowDown' });
    expect(await screen.findByRole('menuitem', { name: 'Tiếng Việt' }, { timeout: 5_000 })).toBeTruthy();
  });
});
