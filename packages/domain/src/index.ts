export * from './countries.ts';
export * from './currency.ts';
export * from './product-file-kind.ts';
export * from './workspace.ts';
