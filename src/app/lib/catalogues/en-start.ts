import { SERVER_MESSAGES } from '@/shared/server-messages';
import { byNamespace, type Catalogue } from './by-namespace';

// English: the texts every page shows (text-groups.ts), the sign-in page's whole need.
const files = import.meta.glob<Catalogue>('../../locales/en/{common,layout,auth,errors,pwa,validation}.json', {
  eager: true,
  import: 'default',
});

// The server's error messages: English is the shared catalogue the server itself speaks from.
export default { ...byNamespace(files), server: SERVER_MESSAGES };
