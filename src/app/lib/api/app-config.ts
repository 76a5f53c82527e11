import type { components } from '@/shared/api-types';

export type LabContact = components['schemas']['LabContact'];
export type ErrorReportingSettings = components['schemas']['ErrorReportingSettings'];
// The error reporting settings are null where the laboratory reports nothing.
export type AppConfig = { errorReporting: ErrorReportingSettings; labContact: LabContact; labTimeZone?: string };

let asked: Promise<AppConfig> | undefined;

/**
 * The app's run-time settings (GET /api/app-config: one build serves every laboratory), asked once
 * a visit with the browser's own fetch. The error reporting and the order form's help section
 * (the laboratory's contact) share the one answer, and neither fetches the API client for it.
 * A failed ask is forgotten, so the next one tries again; a `fetchConfig`
 * given (tests) asks anew.
 */
export function appConfig(fetchConfig?: typeof fetch): Promise<AppConfig> {
  if (fetchConfig) return ask(fetchConfig);
  if (!asked) {
    asked = ask(fetch);
    asked.catch(() => {
      asked = undefined;
    });
  }
  return asked;
}

async function ask(fetchConfig: typeof fetch): Promise<AppConfig> {
  const response = await fetchConfig('/api/app-config');
  if (!response.ok) throw new Error(`GET /api/app-config answered ${response.status}`);
  return ((await response.json()) as { data: AppConfig }).data;
}
