import type { Catalogue } from './by-namespace';

// Vietnamese: the rules' and the server's messages (text-groups.ts), fetched with the first check or call.
export default import.meta.glob<Catalogue>('../../../../shared/locales/vi/{validation,server}.json', {
  eager: true,
  import: 'default',
});
