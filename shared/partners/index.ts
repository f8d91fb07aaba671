export * from './programs';
export * from './commission';
export type * from './types';
