// The permission catalogue. Names are the specification's, misspellings included
// (CanResetPassowrd, CanUploaPdfResult, CanViewAllbooking): they are the contract with stored roles.

export const permissionGroups = {
  analysis: [
    'CanViewAllAnalysis',
    'CanTakeATest',
    'CanSaveATest',
    'CanTransferSample',
    'CanUpdateClassify',
    'CanSaveAnalysisToSampleEntry',
  ],
  users: ['CanViewAllUser', 'CanCreateUser', 'CanUpdateUser', 'CanChangePassword', 'CanResetPassowrd', 'CanGetOwnUser'],
  roles: ['CanCreateRolePermission', 'CanUpdateRolePermission', 'CanViewAllPermission', 'CanViewAllRole'],
  clientSideLab: [
    'CanCreateSampleEntryCs',
    'CanUpdateSampleEntryCs',
    'CanViewAllSampleEntryCs',
    'CanViewDetailSampleEntryCs',
    'CanCheckInSampleEntryCs',
    'CanTransferSampleEntryToTester',
  ],
  tester: [
    'CanUpdateSampleEntryTester',
    'CanViewDetailSampleEntryTester',
    'CanViewAllSampleEntryTester',
    'CanCheckInSampleEntryTester',
    'CanTransferSampleEntryToThirdLab',
    'CanUndoStatusIsotopeForTester',
  ],
  supervisor: [
    'CanViewDetailSampleEntrySupervisor',
    'CanViewAllSampleEntrySupervisor',
    'CanUpdateSampleEntrySupervisor',
    'CanConfirmFinalResult',
    'CanUndoReturnResultFromThirdParty',
    'CanTransferIDFLData',
  ],
  ordersAndUploads: ['CanDestroyOrderSample', 'CanUploadFile', 'CanUploaPdfResult'],
  country: ['CanViewAllCountry', 'CanCreateCountry', 'CanUpdateCountry', 'CanDeleteCountry'],
  cleanSample: ['CanViewAllCleanSample', 'CanImportCleanSample', 'CanExportCleanSample'],
  booking: ['CanViewAllbooking', 'CanViewDetailBooking', 'CanCancelBooking', 'CanCreateBooking'],
  thirdLab: [
    'CanCheckInThirdLab',
    'CanReturnResultThirdLab',
    'CanUpdateResultThirdLab',
    'CanViewAllTransactionThirdLab',
    'CanUndoSampleTransaction',
  ],
  dispatchBatch: ['CanViewAllDispatchBatch', 'CanCreateDispatchBatch', 'CanUpdateDispatchBatch'],
  // Measurement runs: the reference materials' registry, and the instrument's runs normalised through them.
  measurement: [
    'CanViewReferenceMaterial',
    'CanManageReferenceMaterial',
    'CanViewMeasurementRun',
    'CanImportMeasurementRun',
    'CanRecomputeMeasurementRun',
  ],
  // Quality control of runs: the check standards' target limits, and the non-conformities a rejected run opens.
  qualityControl: ['CanViewNonConformity', 'CanReleaseNonConformity', 'CanSetQcControlLimits'],
  dashboardAndReports: ['CanViewDashboard', 'CanViewSampleEntryBySourceReport', 'CanViewSampleEntryByStatusReport'],
} as const;

type PermissionGroup = keyof typeof permissionGroups;
export type Permission = (typeof permissionGroups)[PermissionGroup][number];

export const allPermissions: readonly Permission[] = Object.values(permissionGroups).flat();

export function isPermission(name: string): name is Permission {
  return (allPermissions as readonly string[]).includes(name);
}

export function hasAnyPermission(held: readonly string[], wanted: readonly Permission[]): boolean {
  return wanted.length === 0 || wanted.some((p) => held.includes(p));
}

const { analysis, clientSideLab, tester, supervisor, cleanSample, booking, thirdLab, dispatchBatch } = permissionGroups;

// Every signed-in staff member may read their own profile and change their own password.
const selfService: Permission[] = ['CanGetOwnUser', 'CanChangePassword'];

export const HOAN_VU_LAB_ROLE = 'hoanVuLab';

// The supervisor keeps the reference materials' values and decides when runs are recomputed on a
// revised one; the third lab imports its instrument's runs, reading (not editing) the registry.
export const supervisorMeasurement: readonly Permission[] = [
  'CanViewReferenceMaterial',
  'CanManageReferenceMaterial',
  'CanViewMeasurementRun',
  'CanRecomputeMeasurementRun',
  'CanViewNonConformity',
  'CanReleaseNonConformity',
  'CanSetQcControlLimits',
];
export const thirdLabMeasurement: readonly Permission[] = [
  'CanViewReferenceMaterial',
  'CanViewMeasurementRun',
  'CanImportMeasurementRun',
  'CanRecomputeMeasurementRun',
  'CanViewNonConformity',
];

/** The roles created on first start. Administrators may edit them like any other role. */
export const seededRoles: { name: string; description: string; permissions: readonly Permission[] }[] = [
  { name: 'Administrator', description: 'Full access to every area', permissions: allPermissions },
  {
    name: 'CustomerService',
    description: 'Client-side lab: bookings, customers and sample check-in',
    permissions: [
      ...selfService,
      ...booking,
      ...clientSideLab,
      'CanDestroyOrderSample',
      'CanUploadFile',
      'CanViewDashboard',
      'CanViewSampleEntryBySourceReport',
      'CanViewSampleEntryByStatusReport',
    ],
  },
  {
    name: 'Tester',
    description: 'Tester lab: check in, update and send samples to the third lab',
    permissions: [...selfService, ...tester, 'CanUploadFile', 'CanViewAllDispatchBatch', 'CanViewDashboard'],
  },
  {
    name: 'Supervisor',
    description: 'Reviews results, records conclusions and confirms final results',
    permissions: [
      ...selfService,
      ...supervisor,
      ...supervisorMeasurement,
      'CanViewAllAnalysis',
      'CanViewAllCleanSample',
      'CanViewDashboard',
      'CanViewSampleEntryBySourceReport',
      'CanViewSampleEntryByStatusReport',
    ],
  },
  {
    name: HOAN_VU_LAB_ROLE,
    description: 'Third-party laboratory: receives samples and returns results',
    permissions: [...selfService, ...thirdLab, ...thirdLabMeasurement, 'CanUploaPdfResult', 'CanUploadFile'],
  },
  {
    name: 'Shipping',
    description: 'Builds dispatch batches and sends them to the third lab',
    permissions: [...selfService, ...dispatchBatch, 'CanTransferSampleEntryToThirdLab', 'CanViewAllSampleEntryTester'],
  },
  {
    name: 'Analyst',
    description: 'Runs origin analyses and curates the clean isotope data set',
    permissions: [...selfService, ...analysis, ...cleanSample, 'CanViewDashboard'],
  },
];
