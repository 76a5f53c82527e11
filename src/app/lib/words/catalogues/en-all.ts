import type { Catalogue } from './by-namespace';

// English: every group's texts in one file, for a page that needs them all and holds none yet
// (`filesOfGroups`, text-pages.ts). The files are read under a query of their own (`?all`), so this
// chunk holds its own copy of them: a module shared with the groups' files would be split off into
// a chunk of its own, a request more. The server's messages are the shared catalogue the server
// speaks from, held under the path their file would have (as in en-messages.ts).
const serverMessages = import.meta.glob<Catalogue>('../../../../shared/server-messages.ts', {
  eager: true,
  query: '?all',
  import: 'SERVER_MESSAGES',
});

export default {
  ...import.meta.glob<Catalogue>('../../../../shared/locales/en/*.json', {
    eager: true,
    query: '?all&lang.json',
    import: 'default',
  }),
  '../../../../shared/locales/en/server.json': Object.values(serverMessages)[0] ?? {},
};
