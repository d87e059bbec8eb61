/**
 * Calls back once the browser is idle, or after `timeout` ms at the latest, passing how many
 * milliseconds it expects to stay idle. Safari has no requestIdleCallback: there the callback
 * runs after `fallbackDelay` ms, without an estimate.
 */
export function whenIdle(
  callback: (timeRemaining?: () => number) => void,
  {timeout, fallbackDelay}: {timeout: number; fallbackDelay: number},
): void {
  if (typeof requestIdleCallback === 'function') {
    requestIdleCallback((deadline) => callback(() => deadline.timeRemaining()), {timeout});
  } else {
    setTimeout(() => callback(), fallbackDelay);
  }
}
