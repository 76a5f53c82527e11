import type { components } from '@/shared/api-types';
import type { CountryInput } from '@/shared/schemas/countries';
import { i18n } from '@/app/lib/words/i18n';
import { sendOrQueue } from '@/app/offline/send-or-queue';

/**
 * Country changes: online they go straight to the server, whose verdict the screen shows where the
 * change was made; only without an answer do they wait in the outbox (offline/send-or-queue.ts).
 */
export type Country = components['schemas']['Country'];
export const COUNTRY_LIST = 'countries';
export const COUNTRY_PATH = '/api/country' as const;

export function saveCountryCreate(input: CountryInput) {
  return sendOrQueue({
    method: 'POST',
    path: COUNTRY_PATH,
    body: input,
    label: i18n.t('countries:outbox.create', { code: input.code, name: input.name }),
    entity: { list: COUNTRY_LIST },
  });
}

export function saveCountryUpdate(country: Pick<Country, 'id' | 'version'>, input: CountryInput) {
  return sendOrQueue({
    method: 'PUT',
    path: COUNTRY_PATH,
    query: { id: country.id },
    body: { ...input, version: country.version },
    label: i18n.t('countries:outbox.update', { code: input.code, name: input.name }),
    entity: { list: COUNTRY_LIST, id: country.id },
  });
}

export function saveCountryDelete(country: Pick<Country, 'id' | 'code' | 'name'>) {
  return sendOrQueue({
    method: 'DELETE',
    path: COUNTRY_PATH,
    query: { id: country.id },
    label: i18n.t('countries:outbox.delete', { code: country.code, name: country.name }),
    entity: { list: COUNTRY_LIST, id: country.id },
  });
}
