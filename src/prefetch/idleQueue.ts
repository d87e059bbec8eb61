import {whenIdle} from '../utils/whenIdle';

/**
 * A queue of work items run in short slices when the main thread is idle, so that many small jobs
 * queued at once never add up to one long task that blocks input.
 */
export interface IdleScheduler {
  /**
   * Calls back when the browser is idle (requestIdleCallback, or a timer where it is missing),
   * with the milliseconds the browser expects to stay idle, when it says.
   */
  whenIdle: (callback: (timeRemaining?: () => number) => void) => void;
  now: () => number;
}

export interface IdleQueue<T> {
  /** Queues an item (once: an item already waiting is not queued again). */
  push: (item: T) => void;
  readonly size: number;
}

export const browserIdleScheduler: IdleScheduler = {
  // The timeout keeps a busy page from starving the queue.
  whenIdle: (callback) => whenIdle(callback, {timeout: 3000, fallbackDelay: 50}),
  now: () => performance.now(),
};

/**
 * Runs `run(item)` for queued items, at most `sliceMs` milliseconds of them per idle callback and
 * no longer than the browser expects to stay idle (one item always runs, so the queue advances
 * even when one item takes longer), then waits for the next idle period. An item that throws is
 * dropped; the others still run.
 */
export function createIdleQueue<T>(
  run: (item: T) => void,
  {scheduler = browserIdleScheduler, sliceMs = 4}: {scheduler?: IdleScheduler; sliceMs?: number} = {},
): IdleQueue<T> {
  const waiting = new Set<T>();
  let scheduled = false;

  const drain = (timeRemaining?: () => number) => {
    scheduled = false;
    const start = scheduler.now();
    for (const item of waiting) {
      waiting.delete(item);
      try {
        run(item);
      } catch (error) {
        console.error('空闲任务执行失败：', error);
      }
      if (scheduler.now() - start >= sliceMs || (timeRemaining && timeRemaining() <= 0)) break;
    }
    schedule();
  };

  const schedule = () => {
    if (scheduled || waiting.size === 0) return;
    scheduled = true;
    scheduler.whenIdle(drain);
  };

  return {
    push(item) {
      waiting.add(item);
      schedule();
    },
    get size() {
      return waiting.size;
    },
  };
}
