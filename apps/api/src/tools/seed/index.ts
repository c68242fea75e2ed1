/**
 * The seed feature's public entry: what the server's start, the seed tool and
 * other features' tests may use.
 */
export {
  createDemoManagersIfNoUsers,
  defaultSeed,
  describeCounts,
  resumeSeed,
  seedBusinesses,
  seedDemoIfEmpty,
  DEMO_BUSINESS_COUNT,
} from './seed.service.ts';
export { DEMO_MANAGER, SECOND_DEMO_MANAGER } from './demo.ts';
export { InterruptedSeedError, findInterruptedSeed } from './seed-runs.ts';
export { sampleFiles } from './sample-files.ts';
export { simulateClients } from './client-activity.ts';
