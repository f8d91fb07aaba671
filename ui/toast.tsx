import { useRef, useSyncExternalStore } from 'react';
import { BehaviorSubject } from 'rxjs';
import { Icon } from './icons';
import { useUiStyles } from './styles';
import { useToastPlacement } from './toast-place';

/**
 * Toasts (panel.md §9): top-right, at most 4 at once (the oldest makes room), 4 s each,
 * no two with the same text; clear of an open menu or dialog (ui/toast-place.ts). A persistent toast stays until dismissed or one of its actions
 * runs (the board's 'Changes not saved…' with Reload / Retry).
 */
export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastAction {
  label: string;
  onClick: () => void;
  /** keep the toast open after the action (default: the action dismisses it) */
  keepOpen?: boolean;
}

export interface ToastOptions {
  type?: ToastType;
  title?: string;
  persistent?: boolean;
  actions?: ToastAction[];
  /** milliseconds; default TOAST_TIMEOUT_MS */
  timeout?: number;
}

export interface Toast {
  id: number;
  text: string;
  type: ToastType;
  title?: string;
  persistent: boolean;
  actions: ToastAction[];
}

export const TOAST_LIMIT = 4;
export const TOAST_TIMEOUT_MS = 4000;

export const toasts$ = new BehaviorSubject<Toast[]>([]);
const timers = new Map<number, ReturnType<typeof setTimeout>>();
let nextId = 1;

function dismiss(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  const list = toasts$.getValue();
  if (list.some((t) => t.id === id)) toasts$.next(list.filter((t) => t.id !== id));
}

/** Shows a toast; returns its id, or null when the same text is already on screen. */
function show(text: string, options: ToastOptions = {}): number | null {
  const list = toasts$.getValue();
  if (!text || list.some((t) => t.text === text)) return null;
  const item: Toast = {
    id: nextId++,
    text,
    type: options.type ?? 'info',
    title: options.title,
    persistent: Boolean(options.persistent),
    actions: options.actions ?? [],
  };
  let next = [...list, item];
  while (next.length > TOAST_LIMIT) {
    const oldest = next.find((t) => !t.persistent) ?? next[0];
    const timer = timers.get(oldest.id);
    if (timer) clearTimeout(timer);
    timers.delete(oldest.id);
    next = next.filter((t) => t !== oldest);
  }
  toasts$.next(next);
  if (!item.persistent)
    timers.set(
      item.id,
      setTimeout(() => dismiss(item.id), options.timeout ?? TOAST_TIMEOUT_MS),
    );
  return item.id;
}

export const toast = {
  show,
  success: (text: string, options: Omit<ToastOptions, 'type'> = {}) => show(text, { ...options, type: 'success' }),
  error: (text: string, options: Omit<ToastOptions, 'type'> = {}) => show(text, { ...options, type: 'error' }),
  warning: (text: string, options: Omit<ToastOptions, 'type'> = {}) => show(text, { ...options, type: 'warning' }),
  info: (text: string, options: Omit<ToastOptions, 'type'> = {}) => show(text, { ...options, type: 'info' }),
  dismiss,
  clear(): void {
    for (const t of toasts$.getValue()) dismiss(t.id);
  },
};

const ICON = { success: 'check', error: 'alert', warning: 'warning', info: 'info' } as const;

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (onChange) => {
      const sub = toasts$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    () => toasts$.getValue(),
    () => toasts$.getValue(),
  );
}

/** The toast stack; mount once (UiRoot does). */
export function Toaster() {
  useUiStyles();
  const list = useToasts();
  const stack = useRef<HTMLDivElement>(null);
  const { shift, width } = useToastPlacement(stack, list.length);
  return (
    <div
      ref={stack}
      className="t-toaster"
      aria-live="polite"
      aria-relevant="additions"
      data-shift={shift}
      style={{ ...(shift ? { transform: `translateY(${shift}px)` } : {}), ...(width !== null ? { width } : {}) }}
    >
      {list.map((t) => (
        <div key={t.id} className={`t-toast t-toast--${t.type}`} role={t.type === 'error' ? 'alert' : 'status'}>
          <Icon name={ICON[t.type]} className="t-toast__icon" />
          <div className="t-toast__body">
            {t.title && <div className="t-toast__title">{t.title}</div>}
            <div className="t-toast__text">{t.text}</div>
            {t.actions.length > 0 && (
              <div className="t-toast__actions">
                {t.actions.map((a) => (
                  <button
                    key={a.label}
                    type="button"
                    className="t-toast__action"
                    onClick={() => {
                      a.onClick();
                      if (!a.keepOpen) dismiss(t.id);
                    }}
                  >
                    {a.label}
                  </button>
                ))}
              </div>
            )}
          </div>
          <button type="button" className="t-toast__close" aria-label="Dismiss notification" onClick={() => dismiss(t.id)}>
            <Icon name="close" />
          </button>
        </div>
      ))}
    </div>
  );
}
