import { analysisStatuses, classifyValues } from '@/shared/analysis-values';

// The route checks the search on every navigation, so the check lives apart from the page: the
// router's entry chunk carries these few lines, not the whole analysis screen.

/** The history's filters, every one kept in the address so a filtered view can be shared or linked to. */
export type AnalysisListSearch = {
  analysisFromDate?: string;
  analysisToDate?: string;
  countryCode?: string;
  sources?: string;
  classify?: (typeof classifyValues)[number];
  status?: (typeof analysisStatuses)[number];
  prediction?: string;
  material?: string;
  search?: string;
  limit?: number;
  offset?: number;
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);
const oneOf = <T extends string>(values: readonly T[], value: unknown) =>
  values.includes(value as T) ? (value as T) : undefined;
const count = (value: unknown) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
};

export function validateAnalysisListSearch(search: Record<string, unknown>): AnalysisListSearch {
  return {
    analysisFromDate: text(search.analysisFromDate),
    analysisToDate: text(search.analysisToDate),
    countryCode: text(search.countryCode),
    sources: text(search.sources),
    classify: oneOf(classifyValues, search.classify),
    status: oneOf(analysisStatuses, search.status),
    prediction: text(search.prediction),
    material: text(search.material),
    search: text(search.search),
    limit: count(search.limit),
    offset: count(search.offset),
  };
}
