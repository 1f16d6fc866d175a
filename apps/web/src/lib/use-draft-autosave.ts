import { useCallback, useEffect, useRef } from 'react';

/** How long typing must pause before the draft is saved (the KYC form's wait). */
export const DRAFT_AUTOSAVE_MS = 1500;

/**
 * Saves a draft shortly after the last change, so a reload mid-step loses nothing. `schedule`
 * restarts the wait; `cancel` drops a pending save (a step change or a final save supersedes
 * it). A pending save is still sent when the form goes away, so leaving the screen mid-word
 * loses nothing either. Shared by the KYC and nominee forms.
 */
export function useDraftAutosave<T>(save: (values: T) => void, delayMs = DRAFT_AUTOSAVE_MS) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<T | null>(null);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
  }, []);

  const schedule = useCallback(
    (values: T) => {
      if (timer.current) clearTimeout(timer.current);
      pending.current = values;
      timer.current = setTimeout(() => {
        timer.current = null;
        const next = pending.current;
        pending.current = null;
        if (next !== null) saveRef.current(next);
      }, delayMs);
    },
    [delayMs],
  );

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      const next = pending.current;
      pending.current = null;
      if (next !== null) saveRef.current(next);
    },
    [],
  );

  return { schedule, cancel };
}
