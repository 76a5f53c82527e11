// Which cached lists a deleted record leaves: the delta sync asks GET /api/deletions for the
// tombstones of its list's kind of record (the daily full reload would otherwise be the first to
// notice a deletion).

export const deletableEntities = ['country', 'sample_entry'] as const;
export type DeletableEntity = (typeof deletableEntities)[number];

/** The kind of record each delta-synced list holds, by its path. */
export const listEntities: Readonly<Record<string, DeletableEntity>> = {
  '/api/country': 'country',
  '/api/cs-lab/get-all': 'sample_entry',
  '/api/tester-lab/get-all': 'sample_entry',
  '/api/supervisor-lab/get-all': 'sample_entry',
  '/api/third-lab/get-all': 'sample_entry',
};
