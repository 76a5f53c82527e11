// Persistent storage: asked once in a browser tab, once more when the app runs installed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearOfflineData, requestPersistentStorage } from '../../../src/app/offline/session-mirror.ts';

let installed = false;
const persist = vi.fn(async () => false);

beforeEach(async () => {
  await clearOfflineData();
  installed = false;
  persist.mockClear();
  vi.stubGlobal('navigator', { ...globalThis.navigator, storage: { persist, persisted: async () => false } });
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: installed && query === '(display-mode: standalone)' }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('requestPersistentStorage', () => {
  it('asks once in the browser, and once more after the app is installed', async () => {
    expect(await requestPersistentStorage()).toBe(false);
    expect(await requestPersistentStorage()).toBe(false);
    expect(persist).toHaveBeenCalledTimes(1);

    installed = true;
    persist.mockResolvedValueOnce(true);
    expect(await requestPersistentStorage()).toBe(true);
    await requestPersistentStorage();
    expect(persist).toHaveBeenCalledTimes(2);
  });
});
