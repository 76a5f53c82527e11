import { Outlet, useLocation } from '@tanstack/react-router';
import { MenuIcon, PanelLeftCloseIcon, PanelLeftOpenIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/app/components/ui/button';
import { cn } from '@/app/components/ui/cn';
import { onDemand } from '@/app/lib/on-demand';
import { usePermissions } from '@/app/lib/session/use-session';
import { NoAccess } from '@/app/components/page/no-access';
import { refusedScreen } from '@/app/lib/session/menu';
import { AppHeader } from './app-header';
import { Sidebar } from './sidebar';
import { useMediaQuery } from '@/app/lib/use-media-query';

const MINI_KEY = 'sidebar_mini';

// The sliding panel (Radix's dialog) comes with the first press of the menu button.
const useNavigationPanel = onDemand(() => import('./navigation-panel').then((chunk) => chunk.NavigationPanel));

function readMini() {
  try {
    return localStorage.getItem(MINI_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * The staff layout: sidebar (full or mini) and header. Under 993 px the sidebar is always full and
 * opens as a sliding panel from the menu button.
 */
export function AppLayout() {
  const { t } = useTranslation('layout');
  const held = usePermissions();
  const refused = refusedScreen(useLocation({ select: (location) => location.pathname }), held);
  const isNarrow = useMediaQuery('(max-width: 992px)');
  const [mini, setMini] = useState(readMini);
  const [panelOpen, setPanelOpen] = useState(false);
  const { Component: NavigationPanel, prefetch: prefetchPanel, open: fetchPanel } = useNavigationPanel();

  const toggleMini = () => {
    setMini((current) => {
      const next = !current;
      try {
        localStorage.setItem(MINI_KEY, String(next));
      } catch {
        // Not remembered; the toggle still works for this visit.
      }
      return next;
    });
  };

  const toggle = isNarrow ? (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t('openMenu')}
      onPointerEnter={prefetchPanel}
      onFocus={prefetchPanel}
      onClick={() => {
        setPanelOpen(true);
        fetchPanel();
      }}
    >
      <MenuIcon />
    </Button>
  ) : (
    <Button variant="ghost" size="icon" aria-label={mini ? t('expandMenu') : t('collapseMenu')} onClick={toggleMini}>
      {mini ? <PanelLeftOpenIcon /> : <PanelLeftCloseIcon />}
    </Button>
  );

  return (
    <div className="flex min-h-svh">
      {!isNarrow && (
        <aside
          className={cn('sticky top-0 h-svh shrink-0 transition-[width] duration-200', mini ? 'w-16' : 'w-64')}
          data-state={mini ? 'mini' : 'full'}
        >
          <Sidebar mini={mini} />
        </aside>
      )}
      {isNarrow && NavigationPanel && <NavigationPanel open={panelOpen} onOpenChange={setPanelOpen} />}
      <div className="flex min-w-0 flex-1 flex-col">
        <AppHeader leading={toggle} />
        <main className="flex-1 p-4 md:p-6">{refused ? <NoAccess titleKey={refused.labelKey} /> : <Outlet />}</main>
      </div>
    </div>
  );
}
