export * from './countries.ts';
export * from './industries.ts';
export * from './lists.ts';
