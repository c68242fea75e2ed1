/**
 * The log for a person at a terminal (LOG_FORMAT=pretty, the default there outside
 * production): the same lines as the JSON log, each made short and readable by pino-pretty —
 * time, level, message, then any other fields on the same line, an error's stack below it.
 * Only the formatting differs: what is logged, and its redaction, is the JSON log's.
 *
 * A request's two lines (Fastify's "incoming request" and "request completed") become one
 * when it completes: `GET /api/v1/manager/business/list/?page=2 200 4 ms`. "Server listening
 * at" is left out: main.ts prints the address last, where it is found.
 */
import { writeSync } from 'node:fs';
import { prettyFactory } from 'pino-pretty';

/** Requests under way whose first line waits for their completion (each ends it). */
const MAX_PENDING_REQUESTS = 10_000;

interface LogEntry {
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  [field: string]: unknown;
}

/** A stream for Fastify's logger (`AppDeps.logStream`) that writes the pretty lines. */
export function createPrettyLog(write: (text: string) => void = (text) => writeSync(1, text)): {
  write(line: string): void;
} {
  const pretty = prettyFactory({
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
  });
  const pending = new Map<string, string>();

  return {
    write(line) {
      let entry: LogEntry;
      try {
        entry = JSON.parse(line) as LogEntry;
      } catch {
        write(line);
        return;
      }
      if (entry.msg === 'incoming request' && entry.reqId && entry.req) {
        if (pending.size >= MAX_PENDING_REQUESTS) pending.clear();
        pending.set(entry.reqId, `${entry.req.method} ${entry.req.url}`);
        return;
      }
      if (entry.msg === 'request completed' && entry.res) {
        const { req: _req, res, responseTime, ...rest } = entry;
        const request = (entry.reqId && pending.get(entry.reqId)) || 'Request';
        if (entry.reqId) pending.delete(entry.reqId);
        const took = typeof responseTime === 'number' ? ` ${Math.round(responseTime)} ms` : '';
        entry = { ...rest, msg: `${request} ${res.statusCode}${took}` };
      }
      if (entry.msg?.startsWith('Server listening at ')) return;
      write(pretty(entry));
    },
  };
}
