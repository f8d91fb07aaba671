import { useCallback, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { errorText, HttpError, type FieldErrors } from './http';
import { toast } from './toast';

/**
 * Form state wired to the HTTP layer's error envelope (panel.md §5, §8):
 *  - `submit(values)` performs the call (through `http`); `processing` is true meanwhile;
 *  - a 400's `errors` are recorded per field and shown on the fields registered through
 *    `field(name)` / `checkbox(name)` (red highlight + tooltip);
 *  - errors for '*' or for fields this form does not show are joined into an error toast;
 *    a failure without an errors map shows its message as an error toast;
 *  - success optionally toasts `successMessage` (e.g. MESSAGES.saved, 'data successfully saved.').
 * No response / 401 / 403 are already handled by the HTTP layer and not toasted twice.
 */
export interface UseFormOptions<V extends object, R> {
  initial: V;
  submit: (values: V) => Promise<R>;
  onSuccess?: (result: R, values: V) => void | Promise<void>;
  /** return true when the error was fully handled here (skips the default toast) */
  onError?: (error: unknown, unplaced: FieldErrors) => boolean | void;
  successMessage?: string;
  /** errors to start with (stories, or errors carried over from another screen) */
  initialErrors?: FieldErrors;
}

export interface FieldBinding {
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
  error: string[] | undefined;
}

export interface CheckboxBinding {
  name: string;
  checked: boolean;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  error: string[] | undefined;
  shakeKey: number;
}

export interface FormApi<V extends object> {
  values: V;
  errors: FieldErrors;
  processing: boolean;
  /** counts failed submits (drives the checkbox shake) */
  failures: number;
  setValue<K extends keyof V & string>(name: K, value: V[K]): void;
  setValues(values: Partial<V>): void;
  setErrors(errors: FieldErrors): void;
  field<K extends keyof V & string>(name: K): FieldBinding;
  checkbox<K extends keyof V & string>(name: K): CheckboxBinding;
  /** the errors of a key shown somewhere other than an input (e.g. 'code' on the reset screen) */
  errorFor(name: string): string[] | undefined;
  handleSubmit(e?: FormEvent): Promise<void>;
  reset(values?: V): void;
}

/** Splits an envelope's errors into those shown on the given fields and the rest ('*', unknown fields). */
export function splitErrors(errors: FieldErrors, shown: Iterable<string>): { placed: FieldErrors; unplaced: FieldErrors } {
  const names = new Set(shown);
  const placed: FieldErrors = {};
  const unplaced: FieldErrors = {};
  for (const [key, texts] of Object.entries(errors)) {
    const list = Array.isArray(texts) ? texts.map(String) : [String(texts)];
    if (names.has(key)) placed[key] = list;
    else unplaced[key] = list;
  }
  return { placed, unplaced };
}

/** Whether the HTTP layer already told the user about this failure. */
const alreadyShown = (err: unknown) => err instanceof HttpError && (err.noResponse || err.status === 401 || err.status === 403);

export function useForm<V extends object, R = unknown>(options: UseFormOptions<V, R>): FormApi<V> {
  const [values, setValuesState] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>(options.initialErrors ?? {});
  const [processing, setProcessing] = useState(false);
  const [failures, setFailures] = useState(options.initialErrors && Object.keys(options.initialErrors).length ? 1 : 0);
  const shown = useRef(new Set<string>());
  const latest = useRef(options);
  latest.current = options;
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const clearError = (name: string) =>
    setErrors((prev) => {
      if (!(name in prev)) return prev;
      const next = { ...prev };
      delete next[name];
      return next;
    });

  const setValue = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValuesState((prev) => ({ ...prev, [name]: value }));
    clearError(name);
  }, []);

  const handleSubmit = useCallback(async (e?: FormEvent) => {
    e?.preventDefault();
    const { submit, onSuccess, onError, successMessage } = latest.current;
    const current = valuesRef.current;
    setProcessing(true);
    setErrors({});
    try {
      const result = await submit(current);
      if (successMessage) toast.success(successMessage);
      await onSuccess?.(result, current);
    } catch (err) {
      const { placed, unplaced } = splitErrors(err instanceof HttpError ? err.errors : {}, shown.current);
      setErrors(placed);
      setFailures((n) => n + 1);
      if (onError?.(err, unplaced)) return;
      if (alreadyShown(err)) return;
      const hasPlaced = Object.keys(placed).length > 0;
      const hasUnplaced = Object.keys(unplaced).length > 0;
      if (!hasPlaced || hasUnplaced) toast.error(errorText(err, hasUnplaced ? unplaced : undefined));
    } finally {
      setProcessing(false);
    }
  }, []);

  return {
    values,
    errors,
    processing,
    failures,
    setValue,
    setValues: (partial) => setValuesState((prev) => ({ ...prev, ...partial })),
    setErrors,
    field(name) {
      shown.current.add(name);
      const raw = (values as Record<string, unknown>)[name];
      return {
        name,
        value: raw === undefined || raw === null ? '' : String(raw),
        onChange: (e) => setValue(name, e.target.value as V[typeof name]),
        error: errors[name],
      };
    },
    checkbox(name) {
      shown.current.add(name);
      return {
        name,
        checked: Boolean((values as Record<string, unknown>)[name]),
        onChange: (e) => setValue(name, e.target.checked as V[typeof name]),
        error: errors[name],
        shakeKey: failures,
      };
    },
    errorFor(name) {
      shown.current.add(name);
      return errors[name];
    },
    handleSubmit,
    reset(next) {
      setValuesState(next ?? latest.current.initial);
      setErrors({});
    },
  };
}

/** A <form> that submits through a FormApi (no native validation bubbles: the server decides). */
export function Form<V extends object>({
  form,
  children,
  className,
  'aria-label': ariaLabel,
}: {
  form: FormApi<V>;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
}) {
  return (
    <form className={className} onSubmit={form.handleSubmit} noValidate aria-label={ariaLabel} aria-busy={form.processing || undefined}>
      {children}
    </form>
  );
}
