import type { Catalogue } from './by-namespace';

// Vietnamese: every group's texts in one file, for a page that needs them all and holds none yet
// (`filesOfGroups`, text-pages.ts). Read under a query of their own (`?all`), so this chunk holds its
// own copy of them rather than sharing modules with the groups' files (each shared module would be a
// chunk, a request, of its own).
export default import.meta.glob<Catalogue>('../../../../shared/locales/vi/*.json', {
  eager: true,
  query: '?all&lang.json',
  import: 'default',
});
