import { useInsertionEffect } from 'react';
import { injectStyles } from '../../ui';
import { useAdminStyles } from '../shared/styles';
/** The subscriptions and invoices screens' few styles (AA contrast on white). */
import CSS from './subscriptions.css?raw';

export function useSubscriptionStyles(): void {
  useAdminStyles();
  useInsertionEffect(() => injectStyles('tabula-admin-subscriptions', CSS), []);
}
