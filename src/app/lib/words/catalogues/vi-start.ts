import type { Catalogue } from './by-namespace';

// Vietnamese: the texts every page shows (text-groups.ts), the sign-in page's whole need until its first check.
export default import.meta.glob<Catalogue>('../../../../shared/locales/vi/{common,layout,auth,errors,pwa}.json', {
  eager: true,
  import: 'default',
});
