export * from './paths.ts';
export * from './errors.ts';
export * from './enums.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './auth.ts';
export * from './reference/index.ts';
export * from './businesses.ts';
