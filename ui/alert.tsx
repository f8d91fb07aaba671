import type { ReactNode } from 'react';
import { Icon } from './icons';
import { useUiStyles } from './styles';

export type AlertType = 'error' | 'success' | 'info' | 'warning';

const ICON = { error: 'alert', success: 'check', info: 'info', warning: 'warning' } as const;

/** An inline notice box (form-level messages such as 'Invalid username or password.'). */
export function Alert({ type = 'info', children }: { type?: AlertType; children: ReactNode }) {
  useUiStyles();
  return (
    <div className={`t-alert t-alert--${type}`} role={type === 'error' ? 'alert' : 'status'}>
      <Icon name={ICON[type]} />
      <div>{children}</div>
    </div>
  );
}
