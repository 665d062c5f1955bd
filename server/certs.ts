/**
 * The local HTTPS certificate: self-signed for localhost, 127.0.0.1 and ::1, made with openssl on
 * first start and kept (git-ignored) in server/certs/.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** Folder of the certificate and its key. */
export const CERT_DIR = resolve(import.meta.dirname, 'certs');

/** The certificate and key, generating them when missing. */
export function ensureCertificate(): { cert: Buffer; key: Buffer; created: boolean } {
  const certPath = resolve(CERT_DIR, 'cert.pem');
  const keyPath = resolve(CERT_DIR, 'key.pem');
  let created = false;
  if (!existsSync(certPath) || !existsSync(keyPath)) {
    mkdirSync(CERT_DIR, { recursive: true });
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-sha256',
          '-days',
          '825',
          '-subj',
          '/CN=localhost',
          '-addext',
          'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
          '-keyout',
          keyPath,
          '-out',
          certPath,
        ],
        { stdio: 'pipe' },
      );
    } catch (error) {
      throw new Error(
        `Could not create the local HTTPS certificate with openssl (install it: apt-get install openssl): ${String(error)}`,
      );
    }
    created = true;
  }
  return { cert: readFileSync(certPath), key: readFileSync(keyPath), created };
}
