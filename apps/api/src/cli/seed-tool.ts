/**
 * `npm run seed -- --businesses N [--seed S]`: appends N generated businesses
 * (and the demo managers when the database has no users yet). Beside a running
 * embedded server the server carries it out (see admin-channel.ts).
 */
import { parseArgs } from 'node:util';
import {
  createDemoManagersIfNoUsers,
  defaultSeed,
  describeCounts,
  seedBusinesses,
  DEMO_BUSINESS_COUNT,
  DEMO_MANAGER,
  SECOND_DEMO_MANAGER,
} from '../features/seed/index.ts';
import { UsageError, firstSentence, type Tool } from './tool.ts';

const MAX_BUSINESSES = 1_000_000;

const usage = `Usage: npm run seed -- [--businesses N] [--seed S]

  --businesses N  how many businesses to append (1 to ${MAX_BUSINESSES}; default ${DEMO_BUSINESS_COUNT})
  --seed S        whole number; the same seed gives the same businesses
                  (default: 1 + the number of businesses already there)`;

function parseWholeNumber(flag: string, value: string, min: number, max: number): number {
  if (!/^-?\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(
      `--${flag} must be a whole number from ${min} to ${max} (got "${value}").`,
    );
  }
  return Number(value);
}

function parseCommandLine(args: readonly string[]): { count: number; seed: number | undefined } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { businesses: { type: 'string' }, seed: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new UsageError(firstSentence(error));
  }
  const { businesses, seed } = parsed.values;
  return {
    count:
      businesses === undefined
        ? DEMO_BUSINESS_COUNT
        : parseWholeNumber('businesses', businesses, 1, MAX_BUSINESSES),
    seed: seed === undefined ? undefined : parseWholeNumber('seed', seed, 0, 2 ** 32 - 1),
  };
}

export const seedTool: Tool<{ count: number; seed: number | undefined }> = {
  name: 'seed',
  usage,
  parse: parseCommandLine,
  runsInServer: true,
  async run({ count, seed: requestedSeed }, { database, config, print: log }) {
    const startedAt = performance.now();
    if (await createDemoManagersIfNoUsers(database)) {
      log(
        `Created the demo managers ${DEMO_MANAGER.email} and ${SECOND_DEMO_MANAGER.email} (password ${DEMO_MANAGER.password}).`,
      );
    }
    const seed = requestedSeed ?? (await defaultSeed(database));
    const counts = await seedBusinesses(database, {
      count,
      seed,
      filesDir: config.filesDir,
      log,
    });
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    log(`Seeded ${describeCounts(counts)} with seed ${seed} in ${seconds} s.`);
  },
};
