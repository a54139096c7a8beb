import { http, HttpResponse } from 'msw';
import { MIN_PASSWORD_LENGTH } from '@devhub/shared/constants';
import { MESSAGES as SERVER_MESSAGES } from '../auth-api/src/messages';

/**
 * The auth API of the unit tests: msw handlers over a small in-memory fake of the contract in
 * auth-api/README.md (register, then sign in with the same credentials, then read the profile with the
 * token). The shared msw server answers with these unless a test overrides a route:
 *
 *   server.use(http.post(AUTH_API.login, () => HttpResponse.json({ message: 'Bảo trì' }, { status: 418 })));
 *
 * The shared setup calls `authApi.reset()` after each test.
 */

/** The routes as the apps call them: the API client's base URL is /api, relative to the page. */
export const AUTH_API = {
  login: '/api/auth/login',
  register: '/api/auth/register',
  me: '/api/auth/me',
  logout: '/api/auth/logout',
} as const;

/** What the real server says, for tests that quote the server's words: its own texts, not a copy. */
export const AUTH_API_MESSAGES = {
  ...SERVER_MESSAGES,
  ...SERVER_MESSAGES.field,
  passwordTooShort: SERVER_MESSAGES.field.passwordTooShort(MIN_PASSWORD_LENGTH),
} as const;

export interface FakeAccount {
  displayName: string;
  username: string;
  email: string;
  password: string;
}

/** The account tests sign up, sign in and show, unless they need another. */
export const TEST_ACCOUNT: FakeAccount = {
  displayName: 'Nguyễn Văn An',
  username: 'an.nguyen',
  email: 'an@example.vn',
  password: 'mat-khau-1',
};

type Outage = { status: 429; retryAfterSeconds: number } | { status: 503 } | null;

const accounts: FakeAccount[] = [];
/** token → username */
const sessions = new Map<string, string>();
let issued = 0;
let outage: Outage = null;

/** Usernames and emails are one account whatever their case, as on the server. */
const sameKey = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const findAccount = (username: string) => accounts.find((account) => sameKey(account.username, username));

function issueToken(username: string): string {
  issued += 1;
  const token = `fake-token-${issued}`;
  sessions.set(token, username);
  return token;
}

/** The state of the fake, for tests to arrange and to check what the app did to it. */
export const authApi = {
  /** An account that exists before the test, as if it had signed up (no request is made). */
  addAccount(account: Partial<FakeAccount> = {}): FakeAccount {
    const created = { ...TEST_ACCOUNT, ...account };
    accounts.push(created);
    return created;
  },

  /** The accounts the fake holds: those a test added and those the app registered. */
  accounts(): readonly FakeAccount[] {
    return [...accounts];
  },

  /** A token `GET /api/auth/me` accepts for an existing account, as if it had signed in. */
  tokenFor(username: string = TEST_ACCOUNT.username): string {
    const account = findAccount(username);
    if (!account) throw new Error(`authApi.tokenFor: no account "${username}"; add it with authApi.addAccount first`);
    return issueToken(account.username);
  },

  /** The account a token was issued to by a sign-in (or `tokenFor`); undefined for any other string. */
  accountOf(token: string | null | undefined): FakeAccount | undefined {
    const username = token ? sessions.get(token) : undefined;
    return username === undefined ? undefined : findAccount(username);
  },

  /** From now on sign-in and sign-up answer 429 with Retry-After, as the server's rate limiter does. */
  rateLimit(retryAfterSeconds = 60): void {
    outage = { status: 429, retryAfterSeconds };
  },

  /** From now on every call answers 503 with Retry-After: 1, as the server does when its database is busy. */
  beBusy(): void {
    outage = { status: 503 };
  },

  /** Forgets every account, token and outage: called by the shared setup after each test. */
  reset(): void {
    accounts.length = 0;
    sessions.clear();
    issued = 0;
    outage = null;
  },
};

const refuse = (status: number, message: string, headers?: Record<string, string>) =>
  HttpResponse.json({ message }, { status, headers });

/** The answer of a server that is busy or, for the rate-limited routes, throttling; undefined otherwise. */
function outageReply(rateLimited: boolean): Response | undefined {
  if (outage?.status === 503) return refuse(503, AUTH_API_MESSAGES.serverBusy, { 'Retry-After': '1' });
  if (outage?.status === 429 && rateLimited) {
    return refuse(429, AUTH_API_MESSAGES.tooManyAttempts, { 'Retry-After': String(outage.retryAfterSeconds) });
  }
  return undefined;
}

/** The JSON object a request carries; null for anything else (no body, not JSON, not an object). */
async function jsonObject(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await request.json();
    return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The string fields of a body; null when one of them is there but not a string. */
function textFields<K extends string>(body: Record<string, unknown>, keys: readonly K[]): Record<K, string> | null {
  const fields = {} as Record<K, string>;
  for (const key of keys) {
    const value = body[key];
    if (value !== undefined && value !== null && typeof value !== 'string') return null;
    fields[key] = value ?? '';
  }
  return fields;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/u;
const SIGN_UP_FIELDS = ['displayName', 'username', 'email', 'password', 'confirmPassword'] as const;

/** The first problem of a sign-up form, in form order, with the server's wording; undefined when valid. */
function signUpProblem(form: Record<(typeof SIGN_UP_FIELDS)[number], string>): string | undefined {
  const m = AUTH_API_MESSAGES;
  return (
    (!form.displayName.trim() && m.displayNameRequired) ||
    (!form.username.trim() && m.usernameRequired) ||
    (!form.email.trim() && m.emailRequired) ||
    (!EMAIL_SHAPE.test(form.email.trim()) && m.emailInvalid) ||
    (!form.password && m.passwordRequired) ||
    (form.password.length < 8 && m.passwordTooShort) ||
    (!form.confirmPassword && m.confirmPasswordRequired) ||
    (form.confirmPassword !== form.password && m.confirmPasswordMismatch) ||
    undefined
  );
}

export const authApiHandlers = [
  http.post(AUTH_API.register, async ({ request }) => {
    const down = outageReply(true);
    if (down) return down;
    const body = await jsonObject(request);
    const form = body && textFields(body, SIGN_UP_FIELDS);
    if (!form) return refuse(400, AUTH_API_MESSAGES.invalidData);
    const problem = signUpProblem(form);
    if (problem) return refuse(400, problem);
    if (accounts.some((account) => sameKey(account.username, form.username) || sameKey(account.email, form.email))) {
      return refuse(409, AUTH_API_MESSAGES.duplicateAccount);
    }
    const { displayName, username, email, password } = form;
    accounts.push({ displayName: displayName.trim(), username: username.trim(), email: email.trim(), password });
    return HttpResponse.json({ data: { status: 200, message: AUTH_API_MESSAGES.registered } });
  }),

  http.post(AUTH_API.login, async ({ request }) => {
    const down = outageReply(true);
    if (down) return down;
    const body = await jsonObject(request);
    const credentials = body && textFields(body, ['username', 'password'] as const);
    if (!credentials) return refuse(400, AUTH_API_MESSAGES.invalidData);
    if (!credentials.username.trim()) return refuse(400, AUTH_API_MESSAGES.loginUsernameRequired);
    if (!credentials.password) return refuse(400, AUTH_API_MESSAGES.loginPasswordRequired);
    const account = findAccount(credentials.username);
    // One answer for an unknown name and a wrong password, as on the server.
    if (account?.password !== credentials.password) {
      return refuse(401, AUTH_API_MESSAGES.wrongCredentials, { 'WWW-Authenticate': 'Bearer' });
    }
    return HttpResponse.json({ data: { access_token: issueToken(account.username) } });
  }),

  http.get(AUTH_API.me, ({ request }) => {
    const down = outageReply(false);
    if (down) return down;
    const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('Authorization') ?? '')?.[1];
    const account = authApi.accountOf(token);
    if (!account) return refuse(401, AUTH_API_MESSAGES.sessionInvalid, { 'WWW-Authenticate': 'Bearer' });
    const { username, displayName, email } = account;
    return HttpResponse.json({ data: { username, displayName, email } });
  }),

  http.post(AUTH_API.logout, ({ request }) => {
    const down = outageReply(false);
    if (down) return down;
    const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('Authorization') ?? '')?.[1];
    if (!token || !authApi.accountOf(token)) {
      return refuse(401, AUTH_API_MESSAGES.sessionInvalid, { 'WWW-Authenticate': 'Bearer' });
    }
    sessions.delete(token);
    return new HttpResponse(null, { status: 204 });
  }),
];
