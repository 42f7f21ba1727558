// One terminal tap → one action with its own Idempotency-Key (crypto.randomUUID). When the tap got no answer (network
// drop, timeout, a 5xx), the key is kept: retrying the SAME tap sends the SAME key, so the server counts it once
// (production.md §6 'Robustness'). A different tap, or an answered one, gets a fresh key.
import { useCallback, useRef, useState } from 'react';
import type { MesAction, MesActionInput, MesActionResult } from '@/modules/mes/mes.contract.ts';
import { ApiError } from '@/web/lib/api.ts';
import { NetworkError, sendAction } from './mes.api.ts';

export interface MesTap {
  operationId: number;
  action: MesAction;
  body: MesActionInput;
}

export interface MesActionState {
  busy: boolean;
  /** The server's refusal of the last tap (4xx), in its own words. */
  error: string | null;
  /** The tap that got no answer; `retry` sends it again with the same key. */
  failed: MesTap | null;
  /** The server asks first ('Бракує матеріалів: … Почати все одно?'): `confirm` sends the tap again, confirmed. */
  question: { tap: MesTap; text: string } | null;
}

// randomUUID exists only in secure contexts; a shop-floor tablet on plain http over the LAN still has
// getRandomValues, so the key stays 128 unpredictable bits either way (never Math.random).
const newKey = () => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

const signatureOf = (tap: MesTap) => JSON.stringify([tap.operationId, tap.action, tap.body]);

export function useMesAction(onSuccess: (result: MesActionResult, tap: MesTap) => void) {
  const pending = useRef<{ signature: string; key: string } | null>(null);
  const busyRef = useRef(false);
  const [state, setState] = useState<MesActionState>({
    busy: false,
    error: null,
    failed: null,
    question: null,
  });

  const run = useCallback(
    async (tap: MesTap): Promise<MesActionResult | null> => {
      if (busyRef.current) return null;
      busyRef.current = true;
      const signature = signatureOf(tap);
      if (pending.current?.signature !== signature) pending.current = { signature, key: newKey() };
      const key = pending.current.key;
      setState({ busy: true, error: null, failed: null, question: null });
      try {
        const result = await sendAction(tap.operationId, tap.action, tap.body, key);
        pending.current = null;
        setState({ busy: false, error: null, failed: null, question: null });
        onSuccess(result, tap);
        return result;
      } catch (err) {
        const noAnswer = err instanceof NetworkError || (err instanceof ApiError && err.status >= 500);
        const question = err instanceof ApiError ? err.fields?.confirmShortMaterials : undefined;
        if (noAnswer) {
          setState({ busy: false, error: null, failed: tap, question: null });
        } else if (question) {
          pending.current = null;
          setState({ busy: false, error: null, failed: null, question: { tap, text: question } });
        } else {
          pending.current = null;
          setState({
            busy: false,
            error: err instanceof Error ? err.message : String(err),
            failed: null,
            question: null,
          });
        }
        return null;
      } finally {
        busyRef.current = false;
      }
    },
    [onSuccess],
  );

  const retry = useCallback(() => (state.failed ? run(state.failed) : Promise.resolve(null)), [run, state.failed]);
  const clearError = useCallback(() => setState((s) => ({ ...s, error: null, question: null })), []);
  /** 'Почати все одно': the asked tap again (a new tap, a new key) with the confirmation. */
  const confirm = useCallback(
    () =>
      state.question
        ? run({ ...state.question.tap, body: { ...state.question.tap.body, confirmShortMaterials: true } })
        : Promise.resolve(null),
    [run, state.question],
  );

  return { ...state, run, retry, clearError, confirm };
}
