/**
 * The managers feature's public entry: what other features, the seed tool (tools/seed) and the
 * admin tool may use. Everything else in this folder is its own business.
 */
export {
  createManager,
  listManagers,
  renameManager,
  setManagerActive,
  type Manager,
} from './managers.service.ts';
