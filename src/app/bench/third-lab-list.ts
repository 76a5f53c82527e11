/** The third lab's offline list and its endpoint: read by its screens and by scan check-in. */
export const THIRD_LAB_LIST = 'third-lab-samples';
export const THIRD_LAB_PATH = '/api/third-lab/get-all';
