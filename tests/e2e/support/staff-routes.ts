/**
 * Every signed-in route of the app (src/app/routes/_authenticated), with the records its detail
 * routes open, for the specs that walk each screen once (the third lab's own route is apart, its
 * technician signs in to it).
 */
export function staffRoutes({ bookingId, sampleId }: { bookingId: number; sampleId: number }): string[] {
  return [
    '/dashboard',
    '/bookings',
    `/bookings/${bookingId}`,
    '/bookings/create-booking',
    '/customers',
    '/clients',
    `/clients/${sampleId}`,
    '/testers',
    `/testers/${sampleId}`,
    '/packages',
    '/supervisor-samples',
    `/supervisor-samples/${sampleId}`,
    `/supervisor-samples/report-detail/${sampleId}`,
    '/analysis/analyze',
    '/analysis/multi-analyze',
    '/analysis/analysis-list',
    '/analysis/isotope-clean-data-list',
    '/report-by-source',
    '/report-by-status',
    '/reference-materials',
    // The first material the laboratory starts with (the seeded registry).
    '/reference-materials/1',
    '/settings/accounts',
    '/settings/countries',
    '/settings/roles',
    '/settings/guidelines',
    '/sync',
  ];
}
