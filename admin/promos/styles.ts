import { useInsertionEffect } from 'react';
import { injectStyles } from '../../ui';
import CSS from './promos.css?raw';

export function usePromoStyles(): void {
  useInsertionEffect(() => injectStyles('tabula-admin-promos', CSS), []);
}
