import { describe, expect, it } from 'vitest';
import { benches, benchNames } from '@/shared/workflow/benches';
import { allPermissions, seededRoles } from '@/shared/permissions';
import { filterMenu, menuGroups, refusedScreen } from '@/app/lib/session/menu';

function visibleLabels(permissions: readonly string[]) {
  return filterMenu(permissions).map((group) => ({
    group: group.titleKey,
    entries: group.entries.map((entry) => entry.labelKey),
  }));
}

function permissionsOf(roleName: string) {
  const role = seededRoles.find((r) => r.name === roleName);
  if (!role) throw new Error(`no seeded role ${roleName}`);
  return role.permissions;
}

describe('menu filtering by permission', () => {
  it('shows an administrator every group and link, in the spec order', () => {
    expect(visibleLabels(allPermissions)).toEqual([
      {
        group: 'menu.management',
        entries: [
          'menu.dashboard',
          'menu.clientRequests',
          'menu.csCheckIn',
          'menu.testerWorkspace',
          'menu.shippingManagement',
          'menu.resultOverview',
          'menu.nonconformities',
          'menu.controlCharts',
          'menu.proficiencyTests',
          'reference-materials:title',
        ],
      },
      { group: 'menu.analysis', entries: ['menu.sampleInsights', 'menu.analysisResults', 'menu.isotopeLmd'] },
      { group: 'menu.reports', entries: ['menu.sampleBySource', 'menu.sampleByStatus'] },
      {
        group: 'menu.settings',
        entries: ['menu.accounts', 'menu.countries', 'menu.roles', 'menu.guidelines', 'menu.logout'],
      },
    ]);
  });

  it('leaves only the Guidelines and Logout to someone without permissions', () => {
    expect(visibleLabels([])).toEqual([{ group: 'menu.settings', entries: ['menu.guidelines', 'menu.logout'] }]);
  });

  it('maps each link to the permission of the spec menu table', () => {
    const mapping = Object.fromEntries(
      menuGroups.flatMap((g) => g.entries).flatMap((e) => (e.kind === 'link' ? [[e.labelKey, e.permissions]] : [])),
    );
    expect(mapping).toEqual({
      'menu.dashboard': ['CanViewDashboard'],
      'menu.clientRequests': ['CanViewAllbooking'],
      'menu.csCheckIn': ['CanViewAllSampleEntryCs'],
      'menu.testerWorkspace': ['CanViewDetailSampleEntryTester'],
      'menu.shippingManagement': ['CanViewAllDispatchBatch'],
      'menu.resultOverview': ['CanViewAllSampleEntrySupervisor'],
      'menu.nonconformities': ['CanViewNonConformity', 'CanReleaseNonConformity'],
      'menu.controlCharts': ['CanViewNonConformity', 'CanReleaseNonConformity', 'CanViewMeasurementRun'],
      'menu.proficiencyTests': [
        'CanViewMeasurementRun',
        'CanImportMeasurementRun',
        'CanRecomputeMeasurementRun',
        'CanManageReferenceMaterial',
      ],
      'reference-materials:title': [
        'CanViewReferenceMaterial',
        'CanManageReferenceMaterial',
        'CanImportMeasurementRun',
      ],
      'menu.sampleInsights': ['CanTakeATest'],
      'menu.analysisResults': ['CanViewAllAnalysis'],
      'menu.isotopeLmd': ['CanViewAllCleanSample'],
      'menu.sampleBySource': ['CanViewSampleEntryBySourceReport'],
      'menu.sampleByStatus': ['CanViewSampleEntryByStatusReport'],
      'menu.accounts': ['CanViewAllUser'],
      'menu.countries': ['CanViewAllCountry'],
      'menu.roles': ['CanViewAllPermission'],
      'menu.guidelines': [],
    });
  });

  it('shows a tester their workspace and shipping but no settings links', () => {
    expect(visibleLabels(permissionsOf('Tester'))).toEqual([
      { group: 'menu.management', entries: ['menu.dashboard', 'menu.testerWorkspace', 'menu.shippingManagement'] },
      { group: 'menu.settings', entries: ['menu.guidelines', 'menu.logout'] },
    ]);
  });

  it('shows a supervisor results, the analyses they may read (not run), clean data and reports', () => {
    expect(visibleLabels(permissionsOf('Supervisor'))).toEqual([
      {
        group: 'menu.management',
        entries: [
          'menu.dashboard',
          'menu.resultOverview',
          'menu.nonconformities',
          'menu.controlCharts',
          'menu.proficiencyTests',
          'reference-materials:title',
        ],
      },
      { group: 'menu.analysis', entries: ['menu.analysisResults', 'menu.isotopeLmd'] },
      { group: 'menu.reports', entries: ['menu.sampleBySource', 'menu.sampleByStatus'] },
      { group: 'menu.settings', entries: ['menu.guidelines', 'menu.logout'] },
    ]);
  });

  it('shows a link when the user holds any one of its permissions', () => {
    expect(visibleLabels(['CanViewAllCountry'])).toEqual([
      { group: 'menu.settings', entries: ['menu.countries', 'menu.guidelines', 'menu.logout'] },
    ]);
  });

  it('has an entry for every bench with menu words, opening its screen to who may open it', () => {
    const links = menuGroups.flatMap((g) => g.entries).flatMap((e) => (e.kind === 'link' ? [e] : []));
    for (const bench of benchNames) {
      const { screen } = benches[bench];
      if (screen.menuLabel === null) continue;
      // A bench given menu words in the table but no benchLink(bench) in a group has no way in.
      expect(links.find((link) => link.labelKey === screen.menuLabel)).toMatchObject({
        to: screen.to,
        permissions: [screen.permission],
      });
    }
  });

  it("refuses at its address a menu screen the role may not use, by the link's own rule", () => {
    const supervisor = permissionsOf('Supervisor');
    expect(refusedScreen('/analysis/analyze', supervisor)).toMatchObject({ labelKey: 'menu.sampleInsights' });
    expect(refusedScreen('/analysis/multi-analyze/', supervisor)).toMatchObject({ labelKey: 'pages.multiAnalyze' });
    expect(refusedScreen('/analysis/analysis-list', supervisor)).toBeNull();
    expect(refusedScreen('/analysis/analyze', permissionsOf('Analyst'))).toBeNull();
    expect(refusedScreen('/dashboard', permissionsOf('Shipping'))).toMatchObject({ labelKey: 'menu.dashboard' });
    // Screens reached from a list (a detail) and the Guidelines are not judged here.
    expect(refusedScreen('/guidelines', [])).toBeNull();
    expect(refusedScreen('/bookings/12', [])).toBeNull();
  });
});
