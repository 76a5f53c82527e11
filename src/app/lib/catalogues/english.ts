import { SERVER_MESSAGES } from '@/shared/server-messages';
import { byNamespace, type Catalogue } from './by-namespace';

// English's texts, one chunk: fetched at start only by a browser that reads English.
const files = import.meta.glob<Catalogue>('../../locales/en/*.json', { eager: true, import: 'default' });

// The server's error messages: English is the shared catalogue the server itself speaks from.
export default { ...byNamespace(files), server: SERVER_MESSAGES };
