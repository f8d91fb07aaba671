import { useInsertionEffect } from 'react';
import { injectStyles } from '../../ui';
/** The back-office's few styles beyond ui/ and the panel (AA contrast on white: #b42318 red, #a15c00 orange). */
import CSS from './admin.css?raw';

export function useAdminStyles(): void {
  useInsertionEffect(() => injectStyles('tabula-admin', CSS), []);
}
