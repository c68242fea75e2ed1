/**
 * `npm run simulate -- --clients N [--rate R]`: plays client activity (a new
 * business submitted, a manual payment receipt uploaded, a document added),
 * each with the managers' notifications, so a demo stays alive. Beside a
 * running embedded server the server carries it out (see admin-channel.ts);
 * Ctrl-C stops it between two events.
 */
import { parseArgs } from 'node:util';
import { simulateClients } from '../tools/seed/index.ts';
import { UsageError, firstSentence, type Tool } from './tool.ts';

const MAX_CLIENTS = 10_000;
const MAX_RATE = 100;
const DEFAULT_RATE = 1;

const usage = `Usage: npm run simulate -- --clients N [--rate R]

  --clients N  how many clients to play (1 to ${MAX_CLIENTS}); each submits a business,
               then uploads a payment receipt, then adds a document
  --rate R     events a second (above 0, at most ${MAX_RATE}; default ${DEFAULT_RATE})`;

interface SimulateArgs {
  clients: number;
  rate: number;
}

function parseCommandLine(argv: readonly string[]): SimulateArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { clients: { type: 'string' }, rate: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new UsageError(firstSentence(error));
  }
  const { clients, rate } = parsed.values;
  if (clients === undefined) throw new UsageError('--clients is required.');
  if (!/^\d{1,6}$/.test(clients) || Number(clients) < 1 || Number(clients) > MAX_CLIENTS) {
    throw new UsageError(
      `--clients must be a whole number from 1 to ${MAX_CLIENTS} (got "${clients}").`,
    );
  }
  const perSecond = rate === undefined ? DEFAULT_RATE : Number(rate);
  if (
    (rate !== undefined && !/^\d{1,3}(\.\d{1,3})?$/.test(rate)) ||
    !(perSecond > 0) ||
    perSecond > MAX_RATE
  ) {
    throw new UsageError(
      `--rate must be a number above 0 and at most ${MAX_RATE} (got "${rate}").`,
    );
  }
  return { clients: Number(clients), rate: perSecond };
}

export const simulateTool: Tool<SimulateArgs> = {
  name: 'simulate',
  usage,
  parse: parseCommandLine,
  runsInServer: true,
  async run({ clients, rate }, { database, config, print, signal }) {
    const events = clients * 3;
    print(
      `Playing ${clients} client${clients === 1 ? '' : 's'}: ${events} events at ${rate} a second (about ${Math.ceil(events / rate)} s). Ctrl-C stops.`,
    );
    const played = await simulateClients(database, {
      clients,
      rate,
      filesDir: config.filesDir,
      now: () => new Date(),
      log: print,
      signal,
    });
    print(
      played === events
        ? `Played ${played} events.`
        : `Stopped after ${played} of ${events} events.`,
    );
  },
};
