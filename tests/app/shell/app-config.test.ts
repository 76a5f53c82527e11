import { afterEach, describe, expect, it, vi } from 'vitest';
import { appConfig } from '@/app/lib/api/app-config';

const answer = {
  errorReporting: null,
  labContact: { email: 'cs@isotope.lab', phone: '+84 28 1234 5678' },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the app's settings (GET /api/app-config)", () => {
  it('are asked once a visit: the error reporting and the order form share the answer', async () => {
    const fetchMock = vi.fn(async () => Response.json({ result: true, data: answer }));
    vi.stubGlobal('fetch', fetchMock);
    const [first, second] = await Promise.all([appConfig(), appConfig()]);
    expect(first.labContact).toEqual(answer.labContact);
    expect(second).toBe(first);
    expect(await appConfig()).toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/app-config');
  });
});

describe("the app's settings when the first ask fails", () => {
  it('are asked again next time, not kept as a failure', async () => {
    vi.resetModules();
    const { appConfig: fresh } = await import('@/app/lib/api/app-config');
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return Response.json({ result: true, data: answer });
    });
    await expect(fresh()).rejects.toThrow('Failed to fetch');
    await expect(fresh()).resolves.toEqual(answer);
    expect(calls).toBe(2);
  });
});
