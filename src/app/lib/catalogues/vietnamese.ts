import { byNamespace, type Catalogue } from './by-namespace';

// Vietnamese's texts, one chunk: fetched at start only by a browser that reads Vietnamese.
const files = import.meta.glob<Catalogue>('../../locales/vi/*.json', { eager: true, import: 'default' });

export default byNamespace(files);
