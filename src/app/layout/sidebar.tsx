import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '@/app/components/ui/cn';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/app/components/ui/tooltip';
import { usePermissions } from '@/app/lib/use-session';
import { BrandLogo } from '@/app/components/brand';
import { useSignOut } from '@/app/features/auth/sign-out';
import { filterMenu, type MenuEntry } from './menu';

/** The navigation: groups and links the user's permissions allow; `mini` shows icons only. */
export function Sidebar({ mini, onNavigate }: { mini: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('layout');
  const groups = filterMenu(usePermissions());

  return (
    <nav aria-label={t('mainNavigation')} className="flex h-full flex-col bg-sidebar text-sidebar-foreground">
      <div
        className={cn('flex h-[60px] shrink-0 items-center gap-2 px-4 font-semibold', mini && 'justify-center px-0')}
      >
        <BrandLogo className="size-8 shrink-0" />
        {!mini && <span className="truncate">{t('common:productName')}</span>}
      </div>
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
                  <SidebarEntry entry={entry} mini={mini} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </nav>
  );
}

const entryClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm text-sidebar-foreground/90 transition-colors hover:bg-sidebar-accent hover:text-white [&_svg]:size-4 [&_svg]:shrink-0';

function SidebarEntry({ entry, mini, onNavigate }: { entry: MenuEntry; mini: boolean; onNavigate?: () => void }) {
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
  if (!mini) return content;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{content}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}
