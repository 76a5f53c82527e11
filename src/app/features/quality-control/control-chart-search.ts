import type { MeasuredElement } from '@/shared/measurement/measurement';

// Read by the route's search check on every navigation: a plain check, not zod, because route options
// are in the first bundle every page starts with.

// Spelled out (checked against the type) so this file does not pull shared/measurement's zod in.
const elements = ['carbon', 'nitrogen', 'hydrogen', 'oxygen', 'sulfur'] as const satisfies readonly MeasuredElement[];

/** The chart shown: a check standard (reference material id) and an element. */
export interface ControlChartSearch {
  material?: number;
  element?: MeasuredElement;
}

/** A link or a typed address that does not read is shown with no chart chosen. */
export function readControlChartSearch(search: Record<string, unknown>): ControlChartSearch {
  const chosen: ControlChartSearch = {};
  const material = Number(search.material);
  if (Number.isSafeInteger(material) && material > 0) chosen.material = material;
  if ((elements as readonly unknown[]).includes(search.element)) chosen.element = search.element as MeasuredElement;
  return chosen;
}
