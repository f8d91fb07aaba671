/** Billing, the pure domain (issue 16): money, catalogue, proration, invoices, statuses, promos. */
export * from './money';
export * from './catalog';
export * from './proration';
export * from './invoice';
export * from './status';
export * from './promo';
export * from './ether';
export * from './promo-templates';
