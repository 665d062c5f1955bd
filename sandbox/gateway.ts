/**
 * The request pipeline of the sandbox gateway: CORS, body reading, request log, fault switches,
 * routing, and a last-resort guard so no input can crash the hosting server.
 * @packageDocumentation
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { applyCorsHeaders, preflightReply } from './cors';
import type { DeviceSessionInput } from './device-sessions';
import { isStatusFault, statusFaultReply, truncateBody, type Fault } from './faults';
import { errorReply, isFinished, sendReply, type Reply } from './http';
import type { RequestLogEntry } from './request-log';
import type { RouteContext } from './route';
import { Partitions, unknownPartitionReply } from './partitions';
import { findRoute, isControlPath } from './router';
import type { SandboxOptions, SandboxState } from './state';

/** The sandbox gateway, mounted by the https server of the demo. */
export interface SandboxGateway {
  /** Answer one request. Never throws; never rejects. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** End every response held open by a `timeout` (or delayed by a `slow`) fault, so the server can shut down. */
  close(): void;
  /**
   * Records a request another local origin received for a data collector (Kount's data path on the
   * assets origin), beside what the gateway's own fraudnet stand-in records, in the partition its cookie
   * names (docs/sandbox.md, "Partitions"); nowhere when that partition is gone.
   */
  recordDeviceSession(input: DeviceSessionInput, headers?: IncomingHttpHeaders): void;
}

/** Largest request body read, in bytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

interface RawBody {
  text: string;
  tooLarge: boolean;
}

type ParsedBody = { kind: 'empty' } | { kind: 'json'; value: unknown } | { kind: 'invalid'; text: string };

function readBody(req: IncomingMessage): Promise<RawBody | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size <= MAX_BODY_BYTES) chunks.push(buffer);
    });
    req.on('end', () => {
      resolve({ text: Buffer.concat(chunks).toString('utf8'), tooLarge: size > MAX_BODY_BYTES });
    });
    // A client that leaves before the body ends gets no answer; `close` after `end` changes nothing.
    req.on('error', () => {
      resolve(null);
    });
    req.on('close', () => {
      resolve(null);
    });
  });
}

function parseBody(text: string): ParsedBody {
  if (text.trim() === '') return { kind: 'empty' };
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'invalid', text };
  }
}

function parseUrl(raw: string | undefined): URL | null {
  const path = raw ?? '/';
  try {
    // A fixed base keeps `//host/...` request targets from being read as another host.
    return new URL(`http://sandbox.invalid${path.startsWith('/') ? path : `/${path}`}`);
  } catch {
    return null;
  }
}

function queryOf(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams.entries());
}

async function route(
  partitions: Partitions,
  state: SandboxState,
  req: IncomingMessage,
  method: string,
  url: URL,
  raw: RawBody,
  parsed: ParsedBody,
): Promise<Reply> {
  if (raw.tooLarge) return errorReply(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
  const lookup = findRoute(method, url.pathname);
  const readsRawBody = lookup.kind === 'found' && lookup.route.rawBody === true;
  if (parsed.kind === 'invalid' && !readsRawBody) {
    return errorReply(400, 'The request body is not valid JSON.');
  }
  if (lookup.kind === 'notFound') return errorReply(404, `No such endpoint: ${method} ${url.pathname}`);
  if (lookup.kind === 'wrongMethod') {
    return {
      ...errorReply(405, `${method} is not allowed on ${url.pathname}.`),
      headers: { allow: lookup.allowed.join(', ') },
    };
  }
  const context: RouteContext = {
    state,
    partitions,
    method,
    url,
    params: lookup.params,
    query: queryOf(url),
    body: parsed.kind === 'json' ? parsed.value : null,
    rawBody: raw.text,
    headers: req.headers,
  };
  return lookup.route.handle(context);
}

/**
 * Answers a request with its fault. `entry` gives the request's log entry, which the caller makes
 * up front or, for a page the sandbox plays (`lateEntry`), once its route has run, since some of
 * those routes log their form posts themselves.
 */
async function applyFault(
  state: SandboxState,
  fault: Fault,
  res: ServerResponse,
  entry: () => RequestLogEntry,
  answer: () => Promise<Reply>,
  lateEntry = false,
): Promise<void> {
  if (isStatusFault(fault.kind)) {
    const reply = statusFaultReply(fault.kind);
    sendReply(res, reply);
    Object.assign(entry(), { fault: fault.kind, status: reply.status });
    return;
  }
  switch (fault.kind) {
    case 'timeout':
      entry().fault = fault.kind;
      state.pending.hold(res);
      return;
    case 'reset':
      entry().fault = fault.kind;
      res.destroy();
      return;
    case 'malformed': {
      const reply = await answer();
      sendReply(res, { ...reply, status: 200 }, truncateBody(reply));
      Object.assign(entry(), { fault: fault.kind, status: 200 });
      return;
    }
    case 'slow': {
      // Logged before the wait where possible, so tests see the request while it is held.
      if (!lateEntry) entry().fault = fault.kind;
      if (!(await state.pending.wait(res, fault.delayMs))) {
        if (lateEntry) entry().fault = fault.kind;
        return;
      }
      const reply = await answer();
      sendReply(res, reply);
      Object.assign(entry(), { fault: fault.kind, status: reply.status });
      return;
    }
  }
}

async function dispatch(partitions: Partitions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // Errors on a socket the client dropped are expected here and must not reach the server.
  res.on('error', () => undefined);
  applyCorsHeaders(req, res);
  const method = (req.method ?? 'GET').toUpperCase();
  if (method === 'OPTIONS') {
    req.resume();
    sendReply(res, preflightReply(req));
    return;
  }
  const raw = await readBody(req);
  if (raw === null) return;
  const url = parseUrl(req.url);
  if (url === null) {
    sendReply(res, errorReply(400, 'The request target is not a valid URL.'));
    return;
  }
  const parsed = parseBody(raw.text);
  // Each partition has its own faults, overrides and log, so the partition comes before everything else.
  const partition = partitions.resolve({
    method,
    headers: req.headers,
    query: queryOf(url),
    body: parsed.kind === 'json' ? parsed.value : null,
  });
  if (partition.kind === 'unknown') {
    sendReply(res, unknownPartitionReply(partition.partition));
    return;
  }
  const { state } = partition;
  const answer = () => route(partitions, state, req, method, url, raw, parsed);
  const control = isControlPath(url.pathname);
  const fault = state.faults.take(
    url.pathname,
    method,
    control,
    parsed.kind === 'json' ? parsed.value : null,
  );
  if (control && !fault) {
    sendReply(res, await answer());
    return;
  }
  const origin = req.headers.origin;
  const record = (): RequestLogEntry =>
    state.log.record({
      method,
      path: url.pathname,
      query: queryOf(url),
      body: parsed.kind === 'json' ? parsed.value : parsed.kind === 'invalid' ? parsed.text : null,
      origin: typeof origin === 'string' && origin !== '' ? origin : null,
    });
  if (!fault) {
    const entry = record();
    const reply = state.answers.apply(url.pathname, method, await answer());
    sendReply(res, reply);
    entry.status = reply.status;
    return;
  }
  if (!control) {
    const entry = record();
    await applyFault(state, fault, res, () => entry, answer);
    return;
  }
  // A page the sandbox plays: its route may log the request itself, whose entry then takes the fault.
  let entry: RequestLogEntry | undefined;
  const answerLogged = async (): Promise<Reply> => {
    const before = state.log.latestId;
    const reply = await answer();
    entry = state.log.firstAfter(before, url.pathname);
    return reply;
  };
  await applyFault(state, fault, res, () => (entry ??= record()), answerLogged, true);
}

/**
 * Create a sandbox gateway with its own merchants' vaults, nonces, faults and request log, in partitions.
 * @param options - the origins of the gateway itself and of the assets
 */
export function createSandboxGateway(options: SandboxOptions): SandboxGateway {
  const partitions = new Partitions(options);
  return {
    handle(req, res) {
      dispatch(partitions, req, res).catch((error: unknown) => {
        console.error('[sandbox gateway] internal error', error);
        try {
          if (!isFinished(res)) sendReply(res, errorReply(500, 'Sandbox gateway internal error.'));
          else res.destroy();
        } catch {
          // Nothing more can be done for this response.
        }
      });
    },
    close() {
      for (const state of partitions.all()) state.pending.closeAll();
    },
    recordDeviceSession(input, headers = {}) {
      const partition = partitions.resolve({ method: 'GET', headers, query: {}, body: null });
      if (partition.kind === 'found') partition.state.deviceSessions.record(input);
    },
  };
}
