import type { Logger } from '../logger.ts';

/**
 * Work done after the answer has gone, so an answer does not wait for (or give away by its timing)
 * what it sets off: a password reset for an existing account takes as long to answer as one for an
 * unknown address. Failures are logged; nobody waits for the result.
 */
export type Background = {
  run: (name: string, work: () => Promise<unknown>) => void;
  /** Resolves once everything started so far has finished (shutdown; tests). */
  settled: () => Promise<void>;
};

/**
 * `held`: work waits until settled() is called, so a test can look at the state an answer leaves
 * before the work runs, and then at the state after it.
 */
export function createBackground(logger: Logger, options: { held?: boolean } = {}): Background {
  const running = new Set<Promise<void>>();
  const waiting: { name: string; work: () => Promise<unknown> }[] = [];

  const start = (name: string, work: () => Promise<unknown>) => {
    const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .then(
        () => undefined,
        (err: unknown) => logger.warn({ err, job: name }, 'background work failed'),
      )
      .finally(() => running.delete(job));
    running.add(job);
  };

  return {
    run(name, work) {
      if (options.held) waiting.push({ name, work });
      else start(name, work);
    },
    async settled() {
      for (const job of waiting.splice(0)) start(job.name, job.work);
      while (running.size) await Promise.all(running);
    },
  };
}
