/** Serves files of one folder safely: no traversal, no dotfiles, known content types only. */
import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
};

/**
 * The file under `folder` that a URL path names, or `null` when it escapes the folder, names a
 * dotfile, has an unknown type or does not exist.
 */
export function resolveStaticFile(folder: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split('/').some((part) => part.startsWith('.'))) return null;
  const path = resolve(folder, `.${decoded.endsWith('/') ? `${decoded}index.html` : decoded}`);
  if (path !== folder && !path.startsWith(folder + sep)) return null;
  if (!(extname(path) in CONTENT_TYPES)) return null;
  try {
    return statSync(path).isFile() ? path : null;
  } catch {
    return null;
  }
}

/** Answers with a file, or 404. `headers` are added to the answer. */
export function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  path: string | null,
  headers: Record<string, string> = {},
): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', ...headers }).end();
    return;
  }
  if (path === null) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...headers }).end('Not found');
    return;
  }
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(path).pipe(res);
}
