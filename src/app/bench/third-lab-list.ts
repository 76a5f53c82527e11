import { benches } from '@/shared/workflow/benches';

/** The third lab's offline list and its endpoint (the bench table's): read by its screens and by scan check-in. */
export const THIRD_LAB_LIST = benches.thirdLab.offlineList;
export const THIRD_LAB_PATH = benches.thirdLab.api.list.path;
