/**
 * The write side of `npm run bench:api`, in a process of its own (startWriter) so that
 * neither its timers nor the reads' load generator (autocannon, in the bench's process) delay
 * the other's requests or clocks. Driven over IPC:
 *
 *   → { type: 'init', base, token, targets, uploadBytes }
 *   → { type: 'closed', kind, connections, warmupMs, durationMs }   one write kind, each
 *     connection sending its next write as soon as the last one is answered
 *   → { type: 'paced', rate, kinds, warmupMs, record? }, later → { type: 'stop' }   a steady
 *     mix of writes started by a timer (open loop: a slow answer never delays the next write);
 *     with `record`, the result lists every write (warm-up included) with its business and clock
 *   ← { type: 'measuring' } when the warm-up is over, ← { type: 'result', … } at the end
 *   → { type: 'exit' }
 *
 * Every write goes to real data: the sampled businesses' incorporation steps (each moved to
 * another status than it has, so that every update writes), their comments and their Post
 * Formation Doc steps, taken in turn so that consecutive writes hit different businesses.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { API_BASE_PATH, manageApiPaths, stepStatuses, type StepStatus } from '@fd/contract';
import { sampleFiles } from '../apps/api/src/tools/seed/index.ts';

export type WriteKind = 'step' | 'comment' | 'upload';
export const writeKinds: readonly WriteKind[] = ['step', 'comment', 'upload'];

/** One sampled business: what each write kind needs of it. */
export interface WriteTarget {
  businessId: number;
  businessUuid: string;
  incorporationStepId: number;
  incorporationStatus: StepStatus;
  postFormationStepId: number;
}

export interface LatencySummary {
  count: number;
  /** Answers other than the expected 2xx, and requests that failed outright. */
  failures: number;
  firstFailure?: string;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

/** One write of a recorded paced run; times in ms since the epoch (comparable across processes). */
export interface WriteRecord {
  kind: WriteKind;
  businessUuid: string;
  startedAt: number;
  answeredAt: number;
  /** Started after the warm-up. */
  measured: boolean;
  failure?: string;
}

export interface WriteRunResult {
  /** The measured window (ms), the warm-up excluded; writes started in it are counted. */
  measuredMs: number;
  requestsPerSecond: number;
  byKind: Partial<Record<WriteKind, LatencySummary>>;
  all: LatencySummary;
  /** Every answered write's latency (ms), and every failure, by kind: for pooling runs. */
  samplesMs: Partial<Record<WriteKind, number[]>>;
  failures: Partial<Record<WriteKind, string[]>>;
  /** Paced runs: how late the timer started a write, at worst (the writer's own health). */
  maxLatenessMs?: number;
  /** CPU the writer process itself used during the measured window. */
  writerCpuMs: number;
  /** Recorded paced runs: every write, in the order they were started. */
  records?: WriteRecord[];
}

export type WriterCommand =
  | { type: 'init'; base: string; token: string; targets: WriteTarget[]; uploadBytes: number }
  | {
      type: 'closed';
      kind: WriteKind;
      connections: number;
      warmupMs: number;
      durationMs: number;
    }
  | { type: 'paced'; rate: number; kinds: WriteKind[]; warmupMs: number; record?: boolean }
  | { type: 'stop' }
  | { type: 'exit' };

export type WriterMessage = { type: 'measuring' } | { type: 'result'; result: WriteRunResult };

/** A real PDF (the seed's certificate) padded with a PDF comment to exactly `bytes`. */
function paddedPdf(bytes: number): Buffer {
  const pdf = sampleFiles.certificate.content;
  const padding = Math.max(0, bytes - pdf.length - 2);
  return Buffer.concat([pdf, Buffer.from('%'), Buffer.alloc(padding, 0x20), Buffer.from('\n')]);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export function summarise(latencies: number[], failures: string[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    count: sorted.length,
    failures: failures.length,
    ...(failures[0] ? { firstFailure: failures[0] } : {}),
    p50: round1(percentile(sorted, 50)),
    p90: round1(percentile(sorted, 90)),
    p99: round1(percentile(sorted, 99)),
    max: round1(sorted.at(-1) ?? 0),
    mean: round1(sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length)),
  };
}

interface Sample {
  kind: WriteKind;
  businessUuid: string;
  /** performance.now() when the write started. */
  started: number;
  ms: number;
  failure?: string;
}

function createWriter(config: Extract<WriterCommand, { type: 'init' }>) {
  const url = new URL(config.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const pdf = paddedPdf(config.uploadBytes);
  const { targets } = config;
  const statusOf = new Map(targets.map((t) => [t.incorporationStepId, t.incorporationStatus]));
  // Each kind walks the sample from its own third of it, one business after another.
  const next: Record<WriteKind, number> = {
    step: 0,
    comment: Math.floor(targets.length / 3),
    upload: Math.floor((2 * targets.length) / 3),
  };
  let serial = 0;
  const take = (kind: WriteKind) => targets[next[kind]++ % targets.length]!;

  function send(
    method: string,
    path: string,
    headers: Record<string, string | number>,
    body: Buffer[],
    expected: number,
  ): Promise<string | undefined> {
    return new Promise((resolve) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path,
          agent,
          headers: { authorization: `Bearer ${config.token}`, ...headers },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve(
              response.statusCode === expected
                ? undefined
                : `${method} ${path} → ${response.statusCode}: ${Buffer.concat(chunks).toString('utf8').slice(0, 300)}`,
            ),
          );
          response.on('error', (error) => resolve(`${method} ${path}: ${error.message}`));
        },
      );
      request.on('error', (error) => resolve(`${method} ${path}: ${error.message}`));
      for (const part of body.slice(0, -1)) request.write(part);
      request.end(body.at(-1));
    });
  }

  /** Sends one write of `kind`; resolves with its latency (ms) and failure, if any. */
  async function write(kind: WriteKind): Promise<Sample> {
    const target = take(kind);
    const n = ++serial;
    const started = performance.now();
    let failure: string | undefined;
    if (kind === 'step') {
      const current = statusOf.get(target.incorporationStepId)!;
      const status = stepStatuses[(stepStatuses.indexOf(current) + 1) % stepStatuses.length]!;
      const body = Buffer.from(JSON.stringify({ status }));
      failure = await send(
        'PUT',
        `${API_BASE_PATH}/${manageApiPaths.stepStatusUpdate('incorporation-status', target.incorporationStepId)}`,
        { 'content-type': 'application/json', 'content-length': body.length },
        [body],
        200,
      );
      if (!failure) statusOf.set(target.incorporationStepId, status);
    } else if (kind === 'comment') {
      const body = Buffer.from(
        JSON.stringify({
          comment: `Bench comment ${n}: checked the filing with the client.`,
          business: target.businessUuid,
        }),
      );
      failure = await send(
        'POST',
        `${API_BASE_PATH}/${manageApiPaths.comments}`,
        { 'content-type': 'application/json', 'content-length': body.length },
        [body],
        200,
      );
    } else {
      const boundary = `----fd-bench-${n}-${Math.random().toString(16).slice(2)}`;
      const field = (name: string, value: string | number) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const head = Buffer.from(
        field('feedbackTitle', 'Other files') +
          field('statusItemId', target.postFormationStepId) +
          field('messageBody', `Bench upload ${n}: the signed documents.`) +
          field('businessId', target.businessUuid) +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-${n}.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      failure = await send(
        'POST',
        `${API_BASE_PATH}/${manageApiPaths.postFormationUpload}`,
        {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + pdf.length + tail.length,
        },
        [head, pdf, tail],
        201,
      );
    }
    return {
      kind,
      businessUuid: target.businessUuid,
      started,
      ms: performance.now() - started,
      ...(failure ? { failure } : {}),
    };
  }

  function result(samples: Sample[], measuredMs: number, cpuMs: number, lateness?: number) {
    const pick = (list: Sample[]) =>
      summarise(
        list.filter((s) => !s.failure).map((s) => s.ms),
        list.flatMap((s) => (s.failure ? [s.failure] : [])),
      );
    const byKind: Partial<Record<WriteKind, LatencySummary>> = {};
    const samplesMs: Partial<Record<WriteKind, number[]>> = {};
    const failures: Partial<Record<WriteKind, string[]>> = {};
    for (const kind of writeKinds) {
      const own = samples.filter((s) => s.kind === kind);
      if (own.length === 0) continue;
      byKind[kind] = pick(own);
      samplesMs[kind] = own.filter((s) => !s.failure).map((s) => round1(s.ms));
      failures[kind] = own.flatMap((s) => (s.failure ? [s.failure] : []));
    }
    const out: WriteRunResult = {
      measuredMs: Math.round(measuredMs),
      requestsPerSecond: round1((samples.length * 1000) / measuredMs),
      byKind,
      all: pick(samples),
      samplesMs,
      failures,
      writerCpuMs: Math.round(cpuMs),
    };
    if (lateness !== undefined) out.maxLatenessMs = round1(lateness);
    return out;
  }

  const cpuMsNow = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };

  /** `connections` loops, each sending the next write when the last is answered. */
  async function closed(command: Extract<WriterCommand, { type: 'closed' }>) {
    let measuring = false;
    let stopAt = Infinity;
    const samples: Sample[] = [];
    const loop = async () => {
      while (performance.now() < stopAt) {
        const wasMeasuring = measuring;
        const sample = await write(command.kind);
        if (wasMeasuring) samples.push(sample);
      }
    };
    const loops = Array.from({ length: command.connections }, loop);
    await new Promise((resolve) => setTimeout(resolve, command.warmupMs));
    measuring = true;
    const measuredFrom = performance.now();
    const cpuFrom = cpuMsNow();
    stopAt = measuredFrom + command.durationMs;
    process.send!({ type: 'measuring' } satisfies WriterMessage);
    await Promise.all(loops);
    const measuredMs = performance.now() - measuredFrom;
    return result(samples, measuredMs, cpuMsNow() - cpuFrom);
  }

  /** Writes started by the clock, `rate` a second, the given kinds in turn. */
  function paced(command: Extract<WriterCommand, { type: 'paced' }>) {
    const interval = 1000 / command.rate;
    const samples: Sample[] = [];
    const records: WriteRecord[] = [];
    const epoch = (time: number) => Math.round((performance.timeOrigin + time) * 1000) / 1000;
    const inFlight = new Set<Promise<unknown>>();
    const start = performance.now();
    let measuredFrom = Infinity;
    let cpuFrom = 0;
    let lateness = 0;
    let i = 0;
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const tick = () => {
      if (stopped) return;
      const due = start + i * interval;
      const now = performance.now();
      if (now >= measuredFrom) lateness = Math.max(lateness, now - due);
      const measured = now >= measuredFrom;
      const promise = write(command.kinds[i % command.kinds.length]!).then((sample) => {
        if (measured) samples.push(sample);
        if (command.record) {
          records.push({
            kind: sample.kind,
            businessUuid: sample.businessUuid,
            startedAt: epoch(sample.started),
            answeredAt: epoch(sample.started + sample.ms),
            measured,
            ...(sample.failure ? { failure: sample.failure } : {}),
          });
        }
      });
      inFlight.add(promise);
      void promise.finally(() => inFlight.delete(promise));
      i += 1;
      timer = setTimeout(tick, Math.max(0, start + i * interval - performance.now()));
    };
    tick();
    const warm = setTimeout(() => {
      measuredFrom = performance.now();
      cpuFrom = cpuMsNow();
      process.send!({ type: 'measuring' } satisfies WriterMessage);
    }, command.warmupMs);
    return async () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(warm);
      const measuredMs = performance.now() - measuredFrom;
      await Promise.all(inFlight);
      const out = result(samples, measuredMs, cpuMsNow() - cpuFrom, lateness);
      records.sort((a, b) => a.startedAt - b.startedAt);
      return command.record ? { ...out, records } : out;
    };
  }

  return { closed, paced, close: () => agent.destroy() };
}

/** The child's side: obeys the parent's commands until told to exit. */
function serveParent() {
  let writer: ReturnType<typeof createWriter> | undefined;
  let stopPaced: (() => Promise<WriteRunResult>) | undefined;
  const reply = (message: WriterMessage) => process.send!(message);
  process.on('message', (command: WriterCommand) => {
    void (async () => {
      switch (command.type) {
        case 'init':
          writer = createWriter(command);
          break;
        case 'closed':
          reply({ type: 'result', result: await writer!.closed(command) });
          break;
        case 'paced':
          stopPaced = writer!.paced(command);
          break;
        case 'stop':
          reply({ type: 'result', result: await stopPaced!() });
          stopPaced = undefined;
          break;
        case 'exit':
          writer?.close();
          process.disconnect();
          break;
      }
    })();
  });
}

/** The parent's side: a writer process and the runs it is asked for. */
export function startWriter(
  root: string,
  init: Omit<Extract<WriterCommand, { type: 'init' }>, 'type'>,
) {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const send = (command: WriterCommand) => child.send(command);
  const nextMessage = <T extends WriterMessage['type']>(type: T) =>
    new Promise<Extract<WriterMessage, { type: T }>>((resolve, reject) => {
      const onExit = () => reject(new Error(`The writer process exited while waiting for ${type}`));
      child.once('exit', onExit);
      const onMessage = (message: WriterMessage) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as Extract<WriterMessage, { type: T }>);
      };
      child.on('message', onMessage);
    });
  send({ type: 'init', ...init });
  return {
    pid: child.pid!,
    /**
     * One write kind as fast as `connections` loops go. `onMeasuring` runs when the warm-up
     * is over (the caller starts its CPU clocks there).
     */
    async closed(
      command: Omit<Extract<WriterCommand, { type: 'closed' }>, 'type'>,
      onMeasuring: () => void,
    ): Promise<WriteRunResult> {
      const measuring = nextMessage('measuring');
      const result = nextMessage('result');
      send({ type: 'closed', ...command });
      await measuring;
      onMeasuring();
      return (await result).result;
    },
    /** Starts the paced mix; resolves when the warm-up is over, with the function that stops it. */
    async paced(
      command: Omit<Extract<WriterCommand, { type: 'paced' }>, 'type'>,
    ): Promise<() => Promise<WriteRunResult>> {
      const measuring = nextMessage('measuring');
      send({ type: 'paced', ...command });
      await measuring;
      return async () => {
        const result = nextMessage('result');
        send({ type: 'stop' });
        return (await result).result;
      };
    },
    async exit() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      send({ type: 'exit' });
      await exited;
    },
  };
}

// Run as `node --import tsx bench/write-load.ts` by startWriter(): serve the parent.
if (process.argv[1] === import.meta.filename && process.send) serveParent();
