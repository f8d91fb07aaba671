import { useInsertionEffect } from 'react';
import { injectStyles } from '../../ui';
import CSS from './developers.css?raw';

export function useDeveloperStyles(): void {
  useInsertionEffect(() => injectStyles('tabula-developers', CSS), []);
}
