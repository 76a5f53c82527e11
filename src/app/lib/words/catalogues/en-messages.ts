import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { Catalogue } from './by-namespace';

// English: the rules' and the server's messages (text-groups.ts), fetched with the first check or call.
// The server's error messages are the shared catalogue the server itself speaks from, held under the
// path its file would have, so it becomes the `server` namespace as a file would.
export default {
  ...import.meta.glob<Catalogue>('../../../../shared/locales/en/validation.json', { eager: true, import: 'default' }),
  '../../../../shared/locales/en/server.json': SERVER_MESSAGES,
};
