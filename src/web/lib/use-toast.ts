// The toast store, with shadcn's semantics and spec §9's constants: one toast at a time, shown for
// 5000 ms, and a dismissed toast is kept (closed) for 1,000,000 ms before it is removed.
import { useSyncExternalStore, type ReactNode } from 'react';
import type { ToastActionElement, ToastProps } from '@/web/components/ui/toast.tsx';
import { serverMessageOf } from './api.ts';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;

export type ToasterToast = ToastProps & {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionElement;
};

export type ToastState = { toasts: ToasterToast[] };

export type ToastAction =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

/** Pure state transitions; dismissing closes a toast, removing drops it. */
export function reducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case 'REMOVE_TOAST':
      return {
        toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

let memoryState: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();
let count = 0;

function nextId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return String(count);
}

function scheduleRemoval(toastId: string) {
  if (removeTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(toastId);
    dispatch({ type: 'REMOVE_TOAST', toastId });
  }, TOAST_REMOVE_DELAY);
  removeTimeouts.set(toastId, timeout);
}

function dispatch(action: ToastAction) {
  if (action.type === 'DISMISS_TOAST') {
    const ids = action.toastId === undefined ? memoryState.toasts.map((t) => t.id) : [action.toastId];
    ids.forEach(scheduleRemoval);
  }
  memoryState = reducer(memoryState, action);
  listeners.forEach((listener) => listener());
}

export type Toast = Omit<ToasterToast, 'id'>;

/** Shows a toast (replacing the one on screen); returns handles to update or dismiss it. */
export function toast(props: Toast) {
  const id = nextId();
  const update = (next: Partial<ToasterToast>) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } });
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });
  dispatch({
    type: 'ADD_TOAST',
    toast: {
      ...props,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return { id, dismiss, update };
}

/** Closes one toast, or all of them without an id. */
export function dismissToast(toastId?: string): void {
  dispatch({ type: 'DISMISS_TOAST', toastId });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getSnapshot(): ToastState {
  return memoryState;
}

export function useToast() {
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { ...state, toast, dismiss: dismissToast };
}

/** A failed request's toast for a mutation's onError: `title`, and the server's reason (or `fallback`) under it. */
export const failureToast = (title: string, fallback?: string) => (error: unknown) => {
  toast({ variant: 'destructive', title, description: serverMessageOf(error) ?? fallback });
};
