// SPEC §7 Parts, Parts search and Packages. Field names are the SPEC's (snake_case where it
// writes them so, pkgName/minX/mountType for packages). Unit prices are USD cents with up to
// four decimals (passives cost fractions of a cent); `price` in search rows is USD per piece.
//
// The contract is split by what it describes; this file gathers it (the package index and the
// endpoint list read it as one module).

export * from './parts-endpoints.contract.ts';
export * from './parts-requests.contract.ts';
export * from './parts-resources.contract.ts';
export * from './parts-search-endpoints.contract.ts';
