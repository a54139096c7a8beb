// @ts-check
// The TLS certificate local HTTPS (HTTP/2) runs on: generated on first use for localhost and the
// loopback addresses, kept in .certs/ (git-ignored) and made again once it is near its end.
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import selfsigned from 'selfsigned';
import { WORKSPACE_ROOT } from './workspace.mjs';

export const CERTIFICATE_DIR = join(WORKSPACE_ROOT, '.certs');

/** @typedef {{ key: string, cert: string, certFile: string }} LocalCertificate */

/** @param {string} certFile */
function stillValid(certFile) {
  try {
    const { validTo } = new X509Certificate(readFileSync(certFile));
    return Date.parse(validTo) - Date.now() > 7 * 24 * 3600 * 1000;
  } catch {
    return false;
  }
}

/**
 * @param {string} [dir]
 * @returns {Promise<LocalCertificate>}
 */
export async function localCertificate(dir = CERTIFICATE_DIR) {
  const certFile = join(dir, 'localhost.crt');
  const keyFile = join(dir, 'localhost.key');
  if (!existsSync(keyFile) || !stillValid(certFile)) {
    const notAfterDate = new Date();
    notAfterDate.setFullYear(notAfterDate.getFullYear() + 1);
    const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notAfterDate,
      extensions: [
        { name: 'basicConstraints', cA: false },
        {
          name: 'subjectAltName',
          altNames: [
            { type: 2, value: 'localhost' },
            { type: 7, ip: '127.0.0.1' },
            { type: 7, ip: '::1' },
          ],
        },
      ],
    });
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(keyFile, pems.private, { mode: 0o600 });
    writeFileSync(certFile, pems.cert);
  }
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile };
}
