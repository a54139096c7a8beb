// @ts-check
// The Azure Blob Storage account the blob store (storage-blob.mjs) talks to: its client, made from
// AZURE_STORAGE_CONNECTION_STRING on first use, the bounds on each call, and one line for each way
// a call fails (never the credential, never a stack).
import { CliError } from './cli.mjs';

export const CONNECTION_STRING_VARIABLE = 'AZURE_STORAGE_CONNECTION_STRING';

/**
 * How the service is reached: a few quick tries, so a store that is down or unreachable is told in
 * seconds (the SDK's default waits minutes between its retries).
 */
const RETRY_OPTIONS = { maxTries: 3, retryDelayInMs: 200, maxRetryDelayInMs: 1000, tryTimeoutInMs: 30_000 };

/**
 * How long one call to the service may take on this machine's side, its retries and the body of
 * its answer included. The SDK has no such limit (its try timeout is only asked of the service,
 * and its own timer stops once the headers are in), so a connection that stops answering would
 * keep a command waiting for ever.
 */
export const CALL_TIMEOUT_MS = 60_000;

/**
 * Runs one call to the service with an abort signal that fires after `timeoutMs`, and turns that
 * abort into one line: where, and that the service did not answer.
 *
 * @template T
 * @param {string} where  an azblob:// URL, for the message
 * @param {number} timeoutMs
 * @param {(abortSignal: AbortSignal) => Promise<T>} call
 * @returns {Promise<T>}
 */
export async function within(where, timeoutMs, call) {
  const abortSignal = AbortSignal.timeout(timeoutMs);
  try {
    return await call(abortSignal);
  } catch (error) {
    if (!abortSignal.aborted) throw error;
    throw new CliError(
      `${where}: the blob storage at ${knownEndpoint()} did not answer within ${timeoutMs / 1000} s; run the command again once it does`,
    );
  }
}

/**
 * The account's client, made on first use (so a bad variable fails only the command that needs
 * it) and again whenever the variable changes.
 *
 * @type {{ connectionString: string, client: import('@azure/storage-blob').BlobServiceClient } | undefined}
 */
let service;

/**
 * The SDK is loaded on first use: a command that works on folders never pays for it.
 *
 * @returns {Promise<import('@azure/storage-blob').BlobServiceClient>}
 */
export async function serviceClient() {
  const connectionString = process.env[CONNECTION_STRING_VARIABLE];
  if (service && service.connectionString === connectionString) return service.client;
  if (!connectionString) {
    throw new CliError(
      `${CONNECTION_STRING_VARIABLE} is not set: an azblob:// address needs the storage account's connection string in it`,
    );
  }
  const { BlobServiceClient } = await import('@azure/storage-blob');
  try {
    const client = BlobServiceClient.fromConnectionString(connectionString, { retryOptions: RETRY_OPTIONS });
    service = { connectionString, client };
    return client;
  } catch {
    // The SDK's message may quote the variable: a credential is never printed.
    throw new CliError(`${CONNECTION_STRING_VARIABLE} is not a valid connection string (its value is not shown)`);
  }
}

/**
 * The account's blob endpoint as it may be printed or handed to a browser: the client's URL
 * carries a connection string's SharedAccessSignature in its query, a credential.
 *
 * @param {{ url: string }} client
 */
export const endpointOf = (client) => {
  const url = new URL(client.url);
  url.search = '';
  url.hash = '';
  return url.href.replace(/\/$/, '');
};

/** The endpoint of the account in use, for a message; before any client is made, the account. */
const knownEndpoint = () => (service ? endpointOf(service.client) : 'the storage account');

/**
 * An answer of the service (the SDK's RestError, told by its shape: the SDK is loaded lazily).
 *
 * @param {unknown} error
 * @returns {error is { statusCode: number, code?: string }}
 */
export const isRestError = (error) =>
  error instanceof Error && error.name === 'RestError' && typeof (/** @type {any} */ (error).statusCode) === 'number';

/**
 * One line for a failed call to the service: what went wrong, where, and what to do; never the
 * credential, never a stack.
 *
 * @param {unknown} error
 * @param {string} where  an azblob:// URL
 * @returns {CliError}
 */
export function describeBlobError(error, where) {
  if (error instanceof CliError) return error;
  const rest = /** @type {{ statusCode?: number, code?: string, name?: string, message?: string }} */ (error ?? {});
  const endpoint = knownEndpoint();
  const code = rest.code ?? '';
  if (rest.statusCode === undefined || rest.statusCode === 0) {
    const reason = /^E[A-Z]+$/.test(code) ? code : (rest.name ?? 'no answer');
    return new CliError(
      `the blob storage at ${endpoint} is unreachable (${reason}): is it running, and is ${CONNECTION_STRING_VARIABLE} right?`,
    );
  }
  if (code === 'ContainerNotFound') {
    const container = /^azblob:\/\/([^/]+)/.exec(where)?.[1] ?? '';
    return new CliError(
      `the container "${container}" does not exist at ${endpoint}: create it with "npm run remotes -- init-storage azblob://${container}"`,
    );
  }
  if (rest.statusCode === 403 || /^Authentication|^Authorization|^InvalidAuthenticationInfo/.test(code)) {
    return new CliError(
      `the blob storage at ${endpoint} refused the credentials (HTTP ${rest.statusCode} ${code}): check ${CONNECTION_STRING_VARIABLE}`,
    );
  }
  return new CliError(`${where}: the blob storage answered HTTP ${rest.statusCode}${code ? ` ${code}` : ''}`);
}

/** @typedef {{ callTimeoutMs?: number }} BlobOptions  `callTimeoutMs`: see CALL_TIMEOUT_MS */
