// Every table, for drizzle-kit and for the typed database handle. Each area owns its tables.
export * from '../modules/auth/auth.tables.ts';
export * from '../modules/board/board.tables.ts';
export * from '../modules/companies/companies.tables.ts';
export * from '../modules/currencies/currencies.tables.ts';
export * from '../modules/error-reports/error-reports.tables.ts';
export * from '../modules/files/files.tables.ts';
export * from '../modules/products/products.tables.ts';
export * from '../modules/projects/projects.tables.ts';
export * from '../modules/rate-limits/rate-limits.tables.ts';
export * from '../modules/shipping/shipping.tables.ts';
export * from '../modules/storage/storage.tables.ts';
export * from '../modules/system/system.tables.ts';
export * from '../modules/users/users.tables.ts';
