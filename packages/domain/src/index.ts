export * from './countries.ts';
export * from './currency.ts';
