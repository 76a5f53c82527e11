import type { Permission } from '../permissions.ts';
import { sampleStatuses, type SampleStatus, type WorkflowActionName } from './sample-workflow.ts';

// The laboratory's benches, each once: the statuses it lists, who may read it, the scan check-in
// it does, its API and offline list, the screen its menu entry opens and its words. The server's
// visibility rule and list routes, the partial indexes (db/schema/samples.ts) and the app's menu,
// bench lists, scan stages and dashboard tiles all read this table. It is typed with `satisfies`
// and the tables keyed by Bench elsewhere are exhaustive `Record`s, so a new bench fails
// `npm run typecheck` at every place still to fill in (docs/architecture.md, "Adding a bench").

const fromThirdLabOn = [
  'SentToThirdLab',
  'ThirdLabConfirmed',
  'ResultReturned',
  'ResultConfirmed',
  'Completed',
] as const satisfies readonly SampleStatus[];

type Endpoint = { path: string; access: readonly Permission[] };

export type BenchDefinition = {
  /**
   * The statuses the bench lists, and so the samples it may read: a bench keeps seeing a sample
   * after it leaves, to follow it to its result.
   */
  statuses: readonly SampleStatus[];
  /** The statuses whose dashboard tile opens this bench's list (each status has one such bench). */
  tiles: readonly SampleStatus[];
  /** Holding any one of these lets a user read the bench's samples (server/services/samples/sample-visibility.ts). */
  readers: readonly Permission[];
  /** The workflow action a scanned label fires at this bench, when samples arrive there in a pile. */
  checkIn: Extract<WorkflowActionName, 'csCheckIn' | 'testerCheckIn' | 'thirdLabCheckIn'> | null;
  /**
   * Its API routes and their access lists (holding any one lets a user call it): the page of
   * samples the bench lists and one sample's detail (the third lab reads its samples in the list).
   */
  api: { list: Endpoint; detail: Endpoint | null };
  /** The offline list the device keeps (`entity.list` of outbox entries). */
  offlineList: string;
  /**
   * The app's screen, who may open it (its menu entry and dashboard tiles show to them) and its
   * menu entry's words (`layout:` key; app/lib/session/menu.ts draws the icon), if it has one.
   */
  screen: { to: string; permission: Permission; menuLabel: string | null };
};

export const benches = {
  /** The client-side lab receives every order and every sample. */
  cs: {
    statuses: sampleStatuses,
    tiles: ['New', 'CsConfirmed'],
    readers: ['CanViewAllSampleEntryCs', 'CanViewDetailSampleEntryCs', 'CanViewAllbooking', 'CanViewDetailBooking'],
    checkIn: 'csCheckIn',
    api: {
      list: { path: '/api/cs-lab/get-all', access: ['CanViewAllSampleEntryCs'] },
      detail: { path: '/api/cs-lab/get-detail/{id}', access: ['CanViewDetailSampleEntryCs'] },
    },
    offlineList: 'cs-samples',
    screen: { to: '/clients', permission: 'CanViewAllSampleEntryCs', menuLabel: 'menu.csCheckIn' },
  },
  /** The tester sees samples from the moment they are sent to it. */
  tester: {
    statuses: ['SentToTester', 'TesterConfirmed', ...fromThirdLabOn],
    tiles: ['SentToTester', 'TesterConfirmed'],
    readers: ['CanViewAllSampleEntryTester', 'CanViewDetailSampleEntryTester'],
    checkIn: 'testerCheckIn',
    api: {
      list: {
        path: '/api/tester-lab/get-all',
        access: ['CanViewAllSampleEntryTester', 'CanViewDetailSampleEntryTester'],
      },
      detail: { path: '/api/tester-lab/get-detail/{id}', access: ['CanViewDetailSampleEntryTester'] },
    },
    offlineList: 'tester-samples',
    screen: { to: '/testers', permission: 'CanViewDetailSampleEntryTester', menuLabel: 'menu.testerWorkspace' },
  },
  /** The third lab sees samples from the moment their package is sent. */
  thirdLab: {
    statuses: fromThirdLabOn,
    tiles: [],
    readers: ['CanViewAllTransactionThirdLab'],
    checkIn: 'thirdLabCheckIn',
    api: { list: { path: '/api/third-lab/get-all', access: ['CanViewAllTransactionThirdLab'] }, detail: null },
    offlineList: 'third-lab-samples',
    // The third lab's users are kept on their one screen (routes/_authenticated.tsx): no menu entry.
    screen: { to: '/thirdlab-samples', permission: 'CanViewAllTransactionThirdLab', menuLabel: null },
  },
  /** The supervisor reviews samples once the third lab has them. */
  supervisor: {
    statuses: fromThirdLabOn,
    tiles: fromThirdLabOn,
    readers: ['CanViewAllSampleEntrySupervisor', 'CanViewDetailSampleEntrySupervisor'],
    checkIn: null,
    api: {
      list: { path: '/api/supervisor-lab/get-all', access: ['CanViewAllSampleEntrySupervisor'] },
      detail: { path: '/api/supervisor-lab/get-detail/{id}', access: ['CanViewDetailSampleEntrySupervisor'] },
    },
    offlineList: 'supervisor-samples',
    screen: {
      to: '/supervisor-samples',
      permission: 'CanViewAllSampleEntrySupervisor',
      menuLabel: 'menu.resultOverview',
    },
  },
} as const satisfies Record<string, BenchDefinition>;

export type Bench = keyof typeof benches;

export const benchNames = Object.keys(benches) as Bench[];

/** The benches where a pile of samples arrives and is checked in by scanning their labels. */
export type CheckInStage = { [B in Bench]: (typeof benches)[B]['checkIn'] extends null ? never : B }[Bench];

/** The statuses each bench lists (the table's `statuses`, by bench). */
export const benchStatuses = Object.fromEntries(benchNames.map((b) => [b, benches[b].statuses])) as {
  [B in Bench]: (typeof benches)[B]['statuses'];
};

/** The bench whose list a status's dashboard tile opens. */
export const tileBench = Object.fromEntries(
  benchNames.flatMap((bench) => benches[bench].tiles.map((status) => [status, bench])),
) as Record<SampleStatus, Bench>;
