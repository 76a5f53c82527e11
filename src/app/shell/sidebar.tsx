import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/app/components/ui/cn';
import { useAfterFirstPaint } from '@/app/lib/after-first-paint';
import { usePermissions } from '@/app/lib/session/use-session';
import { BrandLogo } from '@/app/components/brand';
import { useSignOut } from '@/app/features/auth/sign-out';
import { filterMenu, type MenuEntry } from '@/app/lib/session/menu';

type Tooltips = typeof import('./sidebar-tooltips');
let tooltipsFetched: Tooltips | undefined;

/**
 * The mini sidebar's tooltips (Radix's tooltip and floating positioning), fetched once the screen
 * has painted, not before it; until then an entry is named by its label alone.
 */
function useTooltips(mini: boolean): Tooltips | undefined {
  const painted = useAfterFirstPaint();
  const [tooltips, setTooltips] = useState(tooltipsFetched);
  useEffect(() => {
    if (!mini || !painted || tooltips) return;
    let live = true;
    import('./sidebar-tooltips').then(
      (chunk) => {
        tooltipsFetched = chunk;
        if (live) setTooltips(chunk);
      },
      () => undefined, // offline before the service worker held it: the entries keep their labels
    );
    return () => {
      live = false;
    };
  }, [mini, painted, tooltips]);
  return mini ? tooltips : undefined;
}

/** The navigation: groups and links the user's permissions allow; `mini` shows icons only. */
export function Sidebar({ mini, onNavigate }: { mini: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('layout');
  const groups = filterMenu(usePermissions());
  const tooltips = useTooltips(mini);
  const entries = (
    <div className="flex-1 overflow-y-auto pb-4">
      {groups.map((group) => (
        <section key={group.titleKey} aria-label={t(group.titleKey)} className="mt-3">
          {!mini && (
            <h2 className="px-4 pb-1 text-xs font-semibold tracking-wide text-sidebar-foreground/60">
              {t(group.titleKey)}
            </h2>
          )}
          <ul className="grid gap-0.5 px-2">
            {group.entries.map((entry) => (
              <li key={entry.labelKey}>
                <SidebarEntry entry={entry} mini={mini} tooltips={tooltips} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );

  return (
    <nav aria-label={t('mainNavigation')} className="flex h-full flex-col bg-sidebar text-sidebar-foreground">
      <div
        className={cn('flex h-[60px] shrink-0 items-center gap-2 px-4 font-semibold', mini && 'justify-center px-0')}
      >
        <BrandLogo className="size-8 shrink-0" />
        {!mini && <span className="truncate">{t('common:productName')}</span>}
      </div>
      {tooltips ? <tooltips.SidebarTooltips>{entries}</tooltips.SidebarTooltips> : entries}
    </nav>
  );
}

const entryClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm text-sidebar-foreground/90 transition-colors hover:bg-sidebar-accent hover:text-white [&_svg]:size-4 [&_svg]:shrink-0';

function SidebarEntry({
  entry,
  mini,
  tooltips,
  onNavigate,
}: {
  entry: MenuEntry;
  mini: boolean;
  tooltips: Tooltips | undefined;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('layout');
  const { requestSignOut } = useSignOut();
  const label = t(entry.labelKey);
  const Icon = entry.icon;
  const content =
    entry.kind === 'link' ? (
      <Link
        to={entry.to}
        onClick={onNavigate}
        className={cn(entryClass, mini && 'justify-center px-0')}
        activeProps={{ className: 'bg-sidebar-accent font-medium text-white', 'aria-current': 'page' }}
        aria-label={mini ? label : undefined}
      >
        <Icon />
        {!mini && <span className="truncate">{label}</span>}
      </Link>
    ) : (
      <button
        type="button"
        className={cn(entryClass, mini && 'justify-center px-0')}
        onClick={() => void requestSignOut()}
        aria-label={mini ? label : undefined}
      >
        <Icon />
        {!mini && <span className="truncate">{label}</span>}
      </button>
    );
  if (!mini || !tooltips) return content;
  return <tooltips.SidebarTooltip label={label}>{content}</tooltips.SidebarTooltip>;
}
