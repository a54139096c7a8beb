import { MESSAGES } from './messages.ts';

export const LIMITS = {
  displayNameMax: 100,
  usernameMax: 50,
  emailMax: 254,
  passwordMin: 8,
  // scrypt hashes any length, but an unbounded password is a free CPU-burning lever.
  passwordMax: 128,
} as const;

export interface LoginInput {
  username: string;
  password: string;
}

export interface RegisterInput {
  displayName: string;
  username: string;
  email: string;
  password: string;
}

export type Validation<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Control (Cc) and format (Cf) characters — NUL, bidi overrides, zero-width spaces, soft hyphens —
 * make two different strings look the same, or make one look like something else; lone
 * surrogates (Cs) are not text at all. No field may hold them.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}]/u;
// A username is an identifier: no spaces, and no private-use (Co) or unassigned (Cn) code points,
// whose normalisation may change with a later Unicode version.
const NOT_IN_USERNAME = /[\s\p{C}]/u;
// Deliberately loose: one "@", no spaces, a dot in the domain. Deliverability is the mailbox's business.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/u;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A field that must be a string when present; absent, null and blank all count as missing. */
function text(body: Record<string, unknown>, key: string): string | null | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') return null;
  return value;
}

/** The form a username is stored and shown in: compatibility characters (full-width, ligatures) spelled out. */
export function normalizeUsername(value: string): string {
  return value.trim().normalize('NFKC');
}

/**
 * The identity of a username or email: two spellings with one key are one account. NFKC, then
 * full case folding (upper then lower turns "ß" into "ss" and "ς" into "σ", which lower case alone
 * does not), then NFKC again, as Unicode's NFKC_Casefold does: "An", "AN", "ａｎ" are one name.
 */
export function accountKey(value: string): string {
  return value.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}

export function validateLogin(body: unknown): Validation<LoginInput> {
  if (!isRecord(body)) return { ok: false, message: MESSAGES.invalidData };
  const username = text(body, 'username');
  const password = text(body, 'password');
  if (username === null || password === null) return { ok: false, message: MESSAGES.invalidData };
  const name = normalizeUsername(username ?? '');
  const secret = password ?? '';
  const { field } = MESSAGES;
  // Nothing here can match an account, so it is refused before any password work or attempt counting.
  const problem =
    (!name && field.loginUsernameRequired) ||
    (!secret && field.loginPasswordRequired) ||
    (NOT_IN_USERNAME.test(name) && field.usernameInvalid) ||
    (name.length > LIMITS.usernameMax && field.usernameTooLong(LIMITS.usernameMax)) ||
    (INVISIBLE.test(secret) && field.passwordInvalid) ||
    (secret.length > LIMITS.passwordMax && field.passwordTooLong(LIMITS.passwordMax));
  if (problem) return { ok: false, message: problem };
  return { ok: true, value: { username: name, password: secret } };
}

export function validateRegister(body: unknown): Validation<RegisterInput> {
  if (!isRecord(body)) return { ok: false, message: MESSAGES.invalidData };
  const fields = ['displayName', 'username', 'email', 'password', 'confirmPassword'] as const;
  const raw = Object.fromEntries(fields.map((key) => [key, text(body, key)])) as Record<
    (typeof fields)[number],
    string | null | undefined
  >;
  if (Object.values(raw).some((value) => value === null)) return { ok: false, message: MESSAGES.invalidData };

  const displayName = (raw.displayName ?? '').trim().normalize('NFC');
  const username = normalizeUsername(raw.username ?? '');
  const email = (raw.email ?? '').trim().normalize('NFC');
  const password = raw.password ?? '';
  const confirmPassword = raw.confirmPassword ?? '';
  const { field } = MESSAGES;

  // Lengths count UTF-16 units, as the browser's minlength/maxlength do, so both sides agree.
  // Field by field in form order, so the message names the first field the user should fix.
  const problem =
    (!displayName && field.displayNameRequired) ||
    (displayName.length > LIMITS.displayNameMax && field.displayNameTooLong(LIMITS.displayNameMax)) ||
    (INVISIBLE.test(displayName) && field.displayNameInvalid) ||
    (!username && field.usernameRequired) ||
    (username.length > LIMITS.usernameMax && field.usernameTooLong(LIMITS.usernameMax)) ||
    (NOT_IN_USERNAME.test(username) && field.usernameInvalid) ||
    (!email && field.emailRequired) ||
    (email.length > LIMITS.emailMax && field.emailTooLong(LIMITS.emailMax)) ||
    ((INVISIBLE.test(email) || !EMAIL_SHAPE.test(email)) && field.emailInvalid) ||
    (!password && field.passwordRequired) ||
    (password.length < LIMITS.passwordMin && field.passwordTooShort(LIMITS.passwordMin)) ||
    (password.length > LIMITS.passwordMax && field.passwordTooLong(LIMITS.passwordMax)) ||
    (INVISIBLE.test(password) && field.passwordInvalid) ||
    (!confirmPassword && field.confirmPasswordRequired) ||
    (confirmPassword !== password && field.confirmPasswordMismatch);
  if (problem) return { ok: false, message: problem };
  return { ok: true, value: { displayName, username, email, password } };
}
