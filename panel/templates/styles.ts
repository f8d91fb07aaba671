import { useInsertionEffect } from 'react';
import { injectStyles } from '../../ui';
import CSS from './templates.css?raw';

/** The /templates page's stylesheet (cards, controls), injected once. */
export function useTemplateStyles(): void {
  useInsertionEffect(() => injectStyles('tabula-templates', CSS), []);
}
