export * from './announce';
export * from './colour-name';
export * from './describe';
export * from './kinds';
export * from './reading-order';
