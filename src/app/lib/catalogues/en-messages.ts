import { SERVER_MESSAGES } from '@/shared/server-messages';
import { byNamespace, type Catalogue } from './by-namespace';

// English: the rules' and the server's messages (text-groups.ts), fetched with the first check or call.
const files = import.meta.glob<Catalogue>('../../locales/en/validation.json', { eager: true, import: 'default' });

// The server's error messages: English is the shared catalogue the server itself speaks from.
export default { ...byNamespace(files), server: SERVER_MESSAGES };
