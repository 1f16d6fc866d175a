/**
 * A beat every `everyMs` until stopped, for keeping a connection proven or open (the database
 * listener's SELECT 1, the notification streams' comment). It never keeps the process alive:
 * a heartbeat is no work of its own. Periodic business work is a job of platform/schedule.
 */
export function startHeartbeat(everyMs: number, beat: () => void): { stop(): void } {
  const timer = setInterval(beat, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
