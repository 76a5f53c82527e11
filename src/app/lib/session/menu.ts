import {
  BarChart3Icon,
  BeakerIcon,
  ChartSplineIcon,
  BookOpenIcon,
  ClipboardCheckIcon,
  ClipboardListIcon,
  DatabaseIcon,
  FileBarChartIcon,
  FileSpreadsheetIcon,
  FlaskConicalIcon,
  GlobeIcon,
  LayoutDashboardIcon,
  LightbulbIcon,
  LogOutIcon,
  ShieldAlertIcon,
  ShieldCheckIcon,
  TargetIcon,
  TruckIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';
import { benches, type Bench } from '@/shared/workflow/benches';
import { hasAnyPermission, type Permission } from '@/shared/permissions';

/**
 * The sidebar (docs/screens.md). A link shows when the user holds any of its
 * permissions; a group shows when at least one of its entries does. Logout needs no permission.
 */
type MenuLink = {
  kind: 'link';
  labelKey: string;
  to: string;
  icon: LucideIcon;
  permissions: readonly Permission[];
  /** Shown to every signed-in user whatever their permissions (the public Guidelines page). */
  forEveryone?: true;
};
type MenuAction = { kind: 'logout'; labelKey: string; icon: LucideIcon };
export type MenuEntry = MenuLink | MenuAction;
export type MenuGroup = { titleKey: string; entries: MenuEntry[] };

/** Each bench's menu icon; its words, screen and permission are the bench table's. */
const benchIcons: Record<Bench, LucideIcon> = {
  cs: ClipboardCheckIcon,
  tester: FlaskConicalIcon,
  thirdLab: FlaskConicalIcon,
  supervisor: ShieldCheckIcon,
};

/** The benches with a menu entry (the third lab's users stay on their one screen). */
type MenuBench = { [B in Bench]: (typeof benches)[B]['screen']['menuLabel'] extends null ? never : B }[Bench];

function benchLink(bench: MenuBench): MenuLink {
  const { screen } = benches[bench];
  return {
    kind: 'link',
    labelKey: screen.menuLabel,
    to: screen.to,
    icon: benchIcons[bench],
    permissions: [screen.permission],
  };
}

export const menuGroups: MenuGroup[] = [
  {
    titleKey: 'menu.management',
    entries: [
      {
        kind: 'link',
        labelKey: 'menu.dashboard',
        to: '/dashboard',
        icon: LayoutDashboardIcon,
        permissions: ['CanViewDashboard'],
      },
      {
        kind: 'link',
        labelKey: 'menu.clientRequests',
        to: '/bookings',
        icon: ClipboardListIcon,
        permissions: ['CanViewAllbooking'],
      },
      benchLink('cs'),
      benchLink('tester'),
      {
        kind: 'link',
        labelKey: 'menu.shippingManagement',
        to: '/packages',
        icon: TruckIcon,
        permissions: ['CanViewAllDispatchBatch'],
      },
      benchLink('supervisor'),
      {
        kind: 'link',
        labelKey: 'menu.nonconformities',
        to: '/nonconformities',
        icon: ShieldAlertIcon,
        permissions: ['CanViewNonConformity', 'CanReleaseNonConformity'],
      },
      {
        kind: 'link',
        labelKey: 'menu.controlCharts',
        to: '/control-charts',
        icon: ChartSplineIcon,
        permissions: ['CanViewNonConformity', 'CanReleaseNonConformity', 'CanViewMeasurementRun'],
      },
      {
        kind: 'link',
        labelKey: 'menu.proficiencyTests',
        to: '/proficiency-tests',
        icon: TargetIcon,
        // Whoever may read the rounds and the uncertainty (the server's readers of both).
        permissions: [
          'CanViewMeasurementRun',
          'CanImportMeasurementRun',
          'CanRecomputeMeasurementRun',
          'CanManageReferenceMaterial',
        ],
      },
      {
        kind: 'link',
        // Its words come with the screen's own texts, not the sign-in page's (all are here before the menu shows).
        labelKey: 'reference-materials:title',
        to: '/reference-materials',
        icon: BeakerIcon,
        // The server's readers of the registry (the third lab reads it from its own screen).
        permissions: ['CanViewReferenceMaterial', 'CanManageReferenceMaterial', 'CanImportMeasurementRun'],
      },
    ],
  },
  {
    titleKey: 'menu.analysis',
    entries: [
      {
        kind: 'link',
        labelKey: 'menu.sampleInsights',
        to: '/analysis/analyze',
        icon: LightbulbIcon,
        // Running the model is what the screen is for, and what the server asks of it.
        permissions: ['CanTakeATest'],
      },
      {
        kind: 'link',
        labelKey: 'menu.analysisResults',
        to: '/analysis/analysis-list',
        icon: BarChart3Icon,
        permissions: ['CanViewAllAnalysis'],
      },
      {
        kind: 'link',
        labelKey: 'menu.isotopeLmd',
        to: '/analysis/isotope-clean-data-list',
        icon: DatabaseIcon,
        permissions: ['CanViewAllCleanSample'],
      },
    ],
  },
  {
    titleKey: 'menu.reports',
    entries: [
      {
        kind: 'link',
        labelKey: 'menu.sampleBySource',
        to: '/report-by-source',
        icon: FileBarChartIcon,
        permissions: ['CanViewSampleEntryBySourceReport'],
      },
      {
        kind: 'link',
        labelKey: 'menu.sampleByStatus',
        to: '/report-by-status',
        icon: FileSpreadsheetIcon,
        permissions: ['CanViewSampleEntryByStatusReport'],
      },
    ],
  },
  {
    titleKey: 'menu.settings',
    entries: [
      {
        kind: 'link',
        labelKey: 'menu.accounts',
        to: '/settings/accounts',
        icon: UsersIcon,
        permissions: ['CanViewAllUser'],
      },
      {
        kind: 'link',
        labelKey: 'menu.countries',
        to: '/settings/countries',
        icon: GlobeIcon,
        permissions: ['CanViewAllCountry'],
      },
      {
        kind: 'link',
        labelKey: 'menu.roles',
        to: '/settings/roles',
        icon: ShieldCheckIcon,
        permissions: ['CanViewAllPermission'],
      },
      {
        kind: 'link',
        labelKey: 'menu.guidelines',
        to: '/guidelines',
        icon: BookOpenIcon,
        permissions: [],
        forEveryone: true,
      },
      { kind: 'logout', labelKey: 'menu.logout', icon: LogOutIcon },
    ],
  },
];

/** Screens reached from another screen rather than the menu, held to the same rule. */
const linkedScreens: { to: string; labelKey: string; permissions: readonly Permission[] }[] = [
  { to: '/analysis/multi-analyze', labelKey: 'pages.multiAnalyze', permissions: ['CanTakeATest'] },
];

function isVisible(entry: MenuEntry, held: readonly string[]) {
  if (entry.kind === 'logout' || entry.forEveryone) return true;
  return entry.permissions.length > 0 && hasAnyPermission(held, entry.permissions);
}

/** The groups and entries this user may see, in menu order. */
export function filterMenu(held: readonly string[], groups: MenuGroup[] = menuGroups): MenuGroup[] {
  return groups
    .map((group) => ({ ...group, entries: group.entries.filter((entry) => isVisible(entry, held)) }))
    .filter((group) => group.entries.length > 0);
}

/**
 * The first screen this user may open, in menu order: where they land after signing in (a Shipping
 * user on Shipping Management, not on a Dashboard they may not see). The Guidelines page is for
 * everyone and is never a landing place; without any screen, the Dashboard says what is missing.
 */
export function firstAllowedPath(held: readonly string[], groups: MenuGroup[] = menuGroups): string {
  for (const group of groups)
    for (const entry of group.entries)
      if (entry.kind === 'link' && !entry.forEveryone && isVisible(entry, held)) return entry.to;
  return '/dashboard';
}

/**
 * A screen this user's role may not use, found at its address: the menu's own rule (the same
 * permissions that hide its link), so a typed or bookmarked address is refused in words rather than
 * by a failing call. Null when the screen is allowed or is not a menu screen.
 */
export function refusedScreen(
  pathname: string,
  held: readonly string[],
  groups: MenuGroup[] = menuGroups,
): { labelKey: string } | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  for (const group of groups)
    for (const entry of group.entries)
      if (entry.kind === 'link' && entry.to === path) return isVisible(entry, held) ? null : entry;
  const linked = linkedScreens.find((screen) => screen.to === path);
  return linked && !hasAnyPermission(held, linked.permissions) ? linked : null;
}
