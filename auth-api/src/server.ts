import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import { LOOPBACK, trustAdjacentProxy } from '@devhub/contracts/trusted-proxy';
import { clientKey } from './client-address.ts';
import { acquireInstanceLock } from './instance-lock.ts';
import { MESSAGES } from './messages.ts';
import { createPasswordHasher, DEFAULT_SCRYPT_COST } from './passwords.ts';
import { createRateLimiter, DEFAULT_RATE_LIMITS, TooManyAttemptsError, type RateLimits } from './rate-limits.ts';
import { resolveSecret } from './secret.ts';
import { createTokenService, type TokenClaims } from './tokens.ts';
import { DuplicateAccountError, StoreBusyError, openUserStore, type UserRecord, type UserStore } from './users.ts';
import { validateLogin, validateRegister } from './validation.ts';

export interface ServerOptions {
  /** Folder of the SQLite database, the generated dev secret and the instance lock; created when missing. */
  dataDir: string;
  /** Token signing secret (≥ 32 characters); when absent one is generated and kept in dataDir. */
  secret?: string;
  /** A pino level; "silent" turns logging off. */
  logLevel?: string;
  tokenTtlSeconds?: number;
  /** log2 of scrypt's N; lower than the default only in tests. */
  scryptCost?: number;
  /** Login and registration limits; each one left out keeps its default. */
  rateLimits?: Partial<RateLimits>;
  /**
   * Addresses or CIDR ranges of the proxies whose X-Forwarded-For names the client (default:
   * loopback, where the dev and preview servers run); empty trusts none.
   */
  trustedProxies?: readonly string[];
  bodyLimitBytes?: number;
  /** How long a client may take to send a whole request (headers and body) before it gets 408. */
  requestTimeoutMs?: number;
  /** Clock for token issue, expiry and revocation, in milliseconds since the epoch. */
  now?: () => number;
  /** Clock of the rate limits, in milliseconds on a clock that never goes back (default: performance.now). */
  limiterNow?: () => number;
}

export interface ListenOptions extends ServerOptions {
  port: number;
  host: string;
}

export const DEFAULTS = {
  tokenTtlSeconds: 24 * 60 * 60,
  // Every request of this API is a few hundred bytes of JSON.
  bodyLimitBytes: 16 * 1024,
  // Those few hundred bytes come at once: a client still sending after this holds a connection for nothing.
  requestTimeoutMs: 30_000,
} as const;

/** An error whose status and Vietnamese message are meant for the client as they are. */
export class HttpError extends Error {
  readonly statusCode: number;

  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
  }
}

function clientMessage(error: FastifyError | HttpError): string {
  if (error instanceof HttpError) return error.message;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return MESSAGES.malformedJson;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return MESSAGES.payloadTooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return MESSAGES.unsupportedMediaType;
    default:
      return MESSAGES.invalidData;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** The client rate limits count, as told by a trusted proxy or else seen on the socket. */
function clientOf(request: FastifyRequest): string {
  return clientKey(request.ip, request.socket.remoteAddress);
}

/** The API, ready to listen: every route, its store and its limits, nothing bound to a port yet. */
export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  // Settings first: a bad one must fail before the data folder is locked and the database open.
  const passwords = createPasswordHasher(options.scryptCost);
  const limiter = createRateLimiter({ ...DEFAULT_RATE_LIMITS, ...options.rateLimits }, options.limiterNow);
  const now = options.now ?? Date.now;
  const trustProxy = trustAdjacentProxy(options.trustedProxies ?? LOOPBACK);
  const secret = resolveSecret(options.dataDir, options.secret);
  const tokens = createTokenService({
    secret,
    ttlSeconds: options.tokenTtlSeconds ?? DEFAULTS.tokenTtlSeconds,
    now,
  });
  const lock = acquireInstanceLock(options.dataDir);
  let store: UserStore;
  try {
    store = openUserStore(options.dataDir);
  } catch (error) {
    lock.release();
    throw error;
  }

  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: options.bodyLimitBytes ?? DEFAULTS.bodyLimitBytes,
    // Fastify's default is none: a client trickling a request in would hold its connection for ever.
    requestTimeout: options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs,
    // Clients wait for the answer of an in-flight request; idle keep-alive sockets must not hold shutdown.
    forceCloseConnections: 'idle',
    trustProxy,
  });
  if (options.scryptCost !== undefined && options.scryptCost < DEFAULT_SCRYPT_COST) {
    app.log.warn({ scryptCost: options.scryptCost }, 'scrypt cost below the default: fit for tests only');
  }
  app.addHook('onClose', async () => {
    store.close();
    lock.release();
  });

  app.addHook('onSend', async (_request, reply) => {
    // Tokens and profiles must never land in a shared cache.
    reply.header('Cache-Control', 'no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
  });

  app.setErrorHandler<FastifyError | HttpError | StoreBusyError | TooManyAttemptsError>((error, request, reply) => {
    if (error instanceof TooManyAttemptsError) {
      request.log.warn(
        { event: 'rate_limited', route: request.routeOptions.url, saturated: error.saturated },
        error.saturated ? 'rate-limit counters full: new clients wait' : 'attempts throttled',
      );
      return reply
        .code(429)
        .header('Retry-After', String(error.retryAfterSeconds))
        .send({ message: MESSAGES.tooManyAttempts });
    }
    if (error instanceof StoreBusyError) {
      request.log.warn({ err: error }, 'database busy');
      return reply.code(503).header('Retry-After', '1').send({ message: MESSAGES.serverBusy });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: MESSAGES.serverError });
    }
    if (status === 401) reply.header('WWW-Authenticate', 'Bearer');
    const message = clientMessage(error);
    request.log.info(
      { statusCode: status, code: 'code' in error ? error.code : undefined, reason: message },
      'request rejected',
    );
    return reply.code(status).send({ message });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: MESSAGES.notFound }));

  app.get('/api/health', async (_request, reply) => {
    if (!store.isHealthy()) return reply.code(503).send({ status: 'unavailable' });
    return { status: 'ok' };
  });

  app.post('/api/auth/register', async (request) => {
    const input = validateRegister(request.body);
    if (!input.ok) throw new HttpError(400, input.message);
    limiter.beginRegistration(clientOf(request));
    const { password, ...profile } = input.value;
    try {
      const user = store.create({ ...profile, passwordHash: await passwords.hash(password) });
      request.log.info({ event: 'user.registered', userId: user.id }, 'user registered');
    } catch (error) {
      if (error instanceof DuplicateAccountError) {
        request.log.info({ event: 'user.register_conflict' }, 'username or email already taken');
        throw new HttpError(409, MESSAGES.duplicateAccount);
      }
      throw error;
    }
    return { data: { status: 200, message: MESSAGES.registered } };
  });

  app.post('/api/auth/login', async (request) => {
    const input = validateLogin(request.body);
    if (!input.ok) throw new HttpError(400, input.message);
    const attempt = limiter.beginLogin(clientOf(request), input.value.username);
    const user = store.findByUsername(input.value.username);
    const valid = user
      ? await passwords.verify(input.value.password, user.passwordHash)
      : await passwords.burn(input.value.password);
    if (!user || !valid) {
      request.log.info({ event: 'login.failed' }, 'wrong username or password');
      // One answer for an unknown name and a wrong password: no account enumeration.
      throw new HttpError(401, MESSAGES.wrongCredentials);
    }
    attempt.succeeded();
    request.log.info({ event: 'login.succeeded', userId: user.id }, 'user signed in');
    return { data: { access_token: await tokens.sign(user.uid) } };
  });

  /** The session a request's bearer token opens; 401 when it is missing, invalid, expired, revoked or its user gone. */
  async function authenticate(request: FastifyRequest): Promise<{ claims: TokenClaims; user: UserRecord }> {
    const token = bearerToken(request);
    const claims = token ? await tokens.verify(token) : null;
    const user = claims && !store.isTokenRevoked(claims.jti) ? store.findByUid(claims.sub) : undefined;
    if (!claims || !user) throw new HttpError(401, MESSAGES.sessionInvalid);
    return { claims, user };
  }

  app.get('/api/auth/me', async (request) => {
    const { user } = await authenticate(request);
    return { data: { username: user.username, displayName: user.displayName, email: user.email } };
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const { claims, user } = await authenticate(request);
    store.revokeToken(claims.jti, claims.exp, Math.floor(now() / 1000));
    request.log.info({ event: 'user.signed_out', userId: user.id }, 'token revoked');
    return reply.code(204).send();
  });

  return app;
}

/** Builds the API and listens; port 0 picks a free one (read it from `server.addresses()`). */
export async function startServer(options: ListenOptions): Promise<FastifyInstance> {
  const app = await buildServer(options);
  try {
    await app.listen({ port: options.port, host: options.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
