/** The demo manager created on an empty database so that the app can be tried at once. */
export const DEMO_MANAGER = {
  email: 'manager@formation-desk.local',
  password: 'demo-manager-2026',
  firstName: 'Ada',
  lastName: 'Okafor',
} as const;

/** A second manager, so that "by another manager" notifications and comments have an author. */
export const SECOND_DEMO_MANAGER = {
  email: 'second.manager@formation-desk.local',
  password: DEMO_MANAGER.password,
  firstName: 'Bola',
  lastName: 'Adeyemi',
} as const;
