/**
 * Kount's data path on the assets origin, as the provider's assets host serves it in production:
 * the page the Kount frame loads and the image, under `/sandbox/data/` (the sandbox environment) and
 * `/data/` (production, development and QA). Each GET is recorded with its `m` and `s` for tests,
 * which read the records through the sandbox gateway's `/sandbox/device_sessions`.
 * @packageDocumentation
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DeviceSessionInput } from '../sandbox/device-sessions';
import { ONE_PIXEL_GIF } from '../sandbox/http';
import { kountDataPolicy, serializePolicy } from './content-security-policy';

/** The data paths of the environments, as prefixes of the assets origin's paths. */
export const KOUNT_DATA_PREFIXES = ['/sandbox/data/', '/data/'] as const;

/** The files of a data path. */
export type KountDataFile = 'logo.htm' | 'logo.gif';

/** An empty page: Kount's real one gathers data in the frame; this one only has to arrive. */
const KOUNT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Kount device data</title></head>
<body></body>
</html>
`;

/** The file of a Kount data path a URL path names, or `null`. */
export function kountDataFileOf(pathname: string): KountDataFile | null {
  for (const prefix of KOUNT_DATA_PREFIXES) {
    if (!pathname.startsWith(prefix)) continue;
    const file = pathname.slice(prefix.length);
    if (file === 'logo.htm' || file === 'logo.gif') return file;
  }
  return null;
}

/**
 * Answers a request for a Kount data file: the empty page (under a strict policy of its own) or a
 * transparent 1×1 GIF. Answers `false`, touching nothing, when the path names no such file.
 * @param headers - headers every answer of the assets origin carries
 * @param record - where a GET is recorded
 */
export function serveKountData(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  headers: Readonly<Record<string, string>>,
  record: (input: DeviceSessionInput) => void,
): boolean {
  const file = kountDataFileOf(url.pathname);
  if (file === null) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', ...headers }).end();
    return true;
  }
  if (req.method === 'GET') {
    const params = Object.fromEntries(url.searchParams.entries());
    const referrer = req.headers.referer;
    record({
      collector: 'kount',
      resource: file,
      path: url.pathname,
      sessionId: params.s ?? null,
      params,
      referrer: typeof referrer === 'string' && referrer !== '' ? referrer : null,
    });
  }
  const body = file === 'logo.htm' ? Buffer.from(KOUNT_PAGE) : ONE_PIXEL_GIF;
  res.writeHead(200, {
    ...headers,
    'content-type': file === 'logo.htm' ? 'text/html; charset=utf-8' : 'image/gif',
    'content-length': String(body.length),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...(file === 'logo.htm' ? { 'content-security-policy': serializePolicy(kountDataPolicy()) } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
