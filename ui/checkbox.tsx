import { useEffect, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { errorList, FieldTip, type FieldError } from './field';
import { useUiStyles } from './styles';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: FieldError;
  /** bump to shake again for a repeated error (e.g. each failed submit) */
  shakeKey?: number;
}

/**
 * A checkbox with its label. On error the label turns red and the control shakes
 * (panel.md §5: the terms checkbox); the error text shows as a tooltip underneath.
 */
export function Checkbox({ label, error, shakeKey = 0, className, id: given, ...input }: CheckboxProps) {
  useUiStyles();
  const auto = useId();
  const id = given ?? `c${auto.replace(/:/g, '')}`;
  const invalid = errorList(error).length > 0;
  const [shaking, setShaking] = useState(false);
  useEffect(() => {
    if (!invalid) return;
    setShaking(true);
    const t = setTimeout(() => setShaking(false), 600);
    return () => clearTimeout(t);
  }, [invalid, shakeKey]);
  return (
    <div className={['t-field', className].filter(Boolean).join(' ')}>
      <label className={['t-check', invalid && 't-check--invalid', shaking && 't-shake'].filter(Boolean).join(' ')} htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          {...input}
        />
        <span>{label}</span>
      </label>
      <FieldTip id={`${id}-error`} error={error} />
    </div>
  );
}

/** An on/off switch (a checkbox styled as a toggle). */
export function Switch({
  label,
  className,
  id: given,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode }) {
  useUiStyles();
  const auto = useId();
  const id = given ?? `s${auto.replace(/:/g, '')}`;
  return (
    <label className={['t-switch', className].filter(Boolean).join(' ')} htmlFor={id}>
      <input id={id} type="checkbox" role="switch" {...input} />
      <span>{label}</span>
    </label>
  );
}
