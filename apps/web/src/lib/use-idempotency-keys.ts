import { useCallback, useRef } from 'react';

/**
 * Idempotency keys for money-moving calls (DESIGN.md section 2): one per confirmation
 * attempt, the same one again when that attempt is retried after an answer that never came,
 * so the server books it at most once. `forget` ends the attempt once its answer is known.
 */
export function useIdempotencyKeys() {
  const keys = useRef(new Map<string, string>());

  const keyFor = useCallback((attempt: string) => {
    let key = keys.current.get(attempt);
    if (!key) {
      key = crypto.randomUUID();
      keys.current.set(attempt, key);
    }
    return key;
  }, []);

  const forget = useCallback((attempt: string) => {
    keys.current.delete(attempt);
  }, []);

  return { keyFor, forget };
}
