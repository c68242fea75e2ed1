/**
 * `npm run seed -- --businesses N [--seed S]`: appends N generated businesses
 * (and the demo managers when the database has no users yet). Beside a running
 * embedded server the server carries it out (see admin-channel.ts).
 */
import { parseArgs } from 'node:util';
import {
  InterruptedSeedError,
  createDemoManagersIfNoUsers,
  defaultSeed,
  describeCounts,
  findInterruptedSeed,
  resumeSeed,
  seedBusinesses,
  DEMO_BUSINESS_COUNT,
  DEMO_MANAGER,
  SECOND_DEMO_MANAGER,
} from '../tools/seed/index.ts';
import { UsageError, firstSentence, type Tool } from './tool.ts';

const MAX_BUSINESSES = 1_000_000;

const usage = `Usage: npm run seed -- [--businesses N] [--seed S]
       npm run seed -- --resume

  --businesses N  how many businesses to append (1 to ${MAX_BUSINESSES}; default ${DEMO_BUSINESS_COUNT})
  --seed S        whole number; the same seed gives the same businesses
                  (default: 1 + the number of businesses already there)
  --resume        finish a seed that was interrupted (killed, or the machine stopped):
                  write the businesses it had yet to write, the same ones it would have`;

interface SeedArgs {
  count: number;
  seed: number | undefined;
  resume: boolean;
}

function parseWholeNumber(flag: string, value: string, min: number, max: number): number {
  if (!/^-?\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(
      `--${flag} must be a whole number from ${min} to ${max} (got "${value}").`,
    );
  }
  return Number(value);
}

function parseCommandLine(args: readonly string[]): SeedArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: {
        businesses: { type: 'string' },
        seed: { type: 'string' },
        resume: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new UsageError(firstSentence(error));
  }
  const { businesses, seed, resume = false } = parsed.values;
  if (resume && (businesses !== undefined || seed !== undefined)) {
    throw new UsageError('--resume takes no other option: it finishes the seed as it was begun.');
  }
  return {
    resume,
    count:
      businesses === undefined
        ? DEMO_BUSINESS_COUNT
        : parseWholeNumber('businesses', businesses, 1, MAX_BUSINESSES),
    seed: seed === undefined ? undefined : parseWholeNumber('seed', seed, 0, 2 ** 32 - 1),
  };
}

export const seedTool: Tool<SeedArgs> = {
  name: 'seed',
  usage,
  parse: parseCommandLine,
  startsDataDir: () => true,
  runsInServer: true,
  async run({ count, seed: requestedSeed, resume }, { database, config, print: log }) {
    const startedAt = performance.now();
    // A seed that stopped half-way is finished, or it stops the next one (decision 45).
    const interrupted = await findInterruptedSeed(database.db);
    if (resume) {
      if (!interrupted) {
        log('No seed was interrupted: nothing to resume.');
        return;
      }
      log(
        `Resuming the seed interrupted at ${interrupted.written} of ${interrupted.count} businesses (seed ${interrupted.seed})…`,
      );
      const counts = await resumeSeed(database, interrupted, { filesDir: config.filesDir, log });
      const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
      log(`Resumed: seeded the other ${describeCounts(counts)} in ${seconds} s.`);
      return;
    }
    if (interrupted) throw new InterruptedSeedError(interrupted);
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
