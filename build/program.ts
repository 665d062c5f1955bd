/**
 * The compiler's view of the shipped code, shared by the build's tools: the repository, the module
 * of the public types, and one program over both and every file the first script loads on demand.
 * @packageDocumentation
 */
import { resolve } from 'node:path';
import ts from 'typescript';
import { MODULE_ENTRIES } from './modules.ts';

/** Repository root. */
export const ROOT = resolve(import.meta.dirname, '..');
/** The module whose exports are the public types. */
export const PUBLIC_TYPES_ENTRY = resolve(ROOT, 'src/types/payment-panel.ts');

/**
 * A compiler program over the shipped code, with the repository's options: the public types, the
 * first script and every file it loads on demand.
 */
export function createSourceProgram(): ts.Program {
  const configPath = resolve(ROOT, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, ROOT, undefined, configPath);
  const roots = [
    PUBLIC_TYPES_ENTRY,
    ...['src/index.ts', ...Object.values(MODULE_ENTRIES)].map((file) => resolve(ROOT, file)),
  ];
  return ts.createProgram(roots, { ...parsed.options, noEmit: true });
}
