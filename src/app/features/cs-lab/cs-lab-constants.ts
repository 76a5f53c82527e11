import { benchStatuses } from '@/shared/workflow/benches';
import { SAMPLE_LISTS } from '@/app/bench/sample-queries';

export const CS_SAMPLES = SAMPLE_LISTS.cs;

/** Every status a client-side lab list can show (it keeps seeing a sample after it leaves). */
export const CS_STATUSES = benchStatuses.cs;
