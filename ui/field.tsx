import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useUiStyles } from './styles';

/** Field errors as the envelope carries them (`[text]`), or one text. */
export type FieldError = string[] | string | undefined | null;

export const errorList = (error: FieldError): string[] => (Array.isArray(error) ? error : error ? [error] : []).filter(Boolean);

/** The error "tooltip" under a field: a red callout; announced to screen readers. */
export function FieldTip({ id, error }: { id?: string; error: FieldError }) {
  useUiStyles();
  const list = errorList(error);
  if (list.length === 0) return null;
  return (
    <div className="t-tip" id={id} role="alert">
      {list.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  );
}

interface ShellProps {
  label: ReactNode;
  error?: FieldError;
  hint?: ReactNode;
  className?: string;
  /** the control; receives the ids to wire */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
  id?: string;
}

/** Label + control + hint + error tooltip, with the control wired for accessibility. */
export function FieldShell({ label, error, hint, className, children, id: given }: ShellProps) {
  useUiStyles();
  const auto = useId();
  const id = given ?? `f${auto.replace(/:/g, '')}`;
  const invalid = errorList(error).length > 0;
  const describedBy = [invalid && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['t-field', invalid && 't-field--invalid', className].filter(Boolean).join(' ')}>
      <label className="t-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, describedBy, invalid })}
      <FieldTip id={`${id}-error`} error={error} />
      {hint && (
        <div className="t-field__hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
    </div>
  );
}

type Common = { label: ReactNode; error?: FieldError; hint?: ReactNode; fieldClassName?: string };

/** A labelled text input (any `type`). */
export function Field({ label, error, hint, fieldClassName, id, className, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={fieldClassName} id={id}>
      {({ id: cid, describedBy, invalid }) => (
        <input
          id={cid}
          className={['t-input', className].filter(Boolean).join(' ')}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...input}
        />
      )}
    </FieldShell>
  );
}

export interface Option {
  value: string | number;
  label: string;
}

/** A labelled select. */
export function SelectField({
  label,
  error,
  hint,
  fieldClassName,
  id,
  className,
  options,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement> & { options: Option[] }) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={fieldClassName} id={id}>
      {({ id: cid, describedBy, invalid }) => (
        <select
          id={cid}
          className={['t-input', className].filter(Boolean).join(' ')}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...select}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/** A labelled multi-line text box. */
export function TextAreaField({
  label,
  error,
  hint,
  fieldClassName,
  id,
  className,
  ...area
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={fieldClassName} id={id}>
      {({ id: cid, describedBy, invalid }) => (
        <textarea
          id={cid}
          className={['t-input', className].filter(Boolean).join(' ')}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...area}
        />
      )}
    </FieldShell>
  );
}
