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

const CONTROL_OR_SPACE = /[\s\p{Cc}]/u;
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

/** Case and Unicode form never make two accounts distinct: "An", "an" and "ＡＮ" are one name. */
export function accountKey(value: string): string {
  return value.normalize('NFKC').toLowerCase();
}

export function validateLogin(body: unknown): Validation<LoginInput> {
  if (!isRecord(body)) return { ok: false, message: MESSAGES.invalidData };
  const username = text(body, 'username');
  const password = text(body, 'password');
  if (username === null || password === null) return { ok: false, message: MESSAGES.invalidData };
  if (!username?.trim()) return { ok: false, message: MESSAGES.field.loginUsernameRequired };
  if (!password) return { ok: false, message: MESSAGES.field.loginPasswordRequired };
  return { ok: true, value: { username: username.trim().normalize('NFC'), password } };
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
  const username = (raw.username ?? '').trim().normalize('NFC');
  const email = (raw.email ?? '').trim().normalize('NFC');
  const password = raw.password ?? '';
  const confirmPassword = raw.confirmPassword ?? '';
  const { field } = MESSAGES;

  // Lengths count UTF-16 units, as the browser's minlength/maxlength do, so both sides agree.
  // Field by field in form order, so the message names the first field the user should fix.
  const problem =
    (!displayName && field.displayNameRequired) ||
    (displayName.length > LIMITS.displayNameMax && field.displayNameTooLong(LIMITS.displayNameMax)) ||
    (!username && field.usernameRequired) ||
    (username.length > LIMITS.usernameMax && field.usernameTooLong(LIMITS.usernameMax)) ||
    (CONTROL_OR_SPACE.test(username) && field.usernameInvalid) ||
    (!email && field.emailRequired) ||
    (email.length > LIMITS.emailMax && field.emailTooLong(LIMITS.emailMax)) ||
    (!EMAIL_SHAPE.test(email) && field.emailInvalid) ||
    (!password && field.passwordRequired) ||
    (password.length < LIMITS.passwordMin && field.passwordTooShort(LIMITS.passwordMin)) ||
    (password.length > LIMITS.passwordMax && field.passwordTooLong(LIMITS.passwordMax)) ||
    (!confirmPassword && field.confirmPasswordRequired) ||
    (confirmPassword !== password && field.confirmPasswordMismatch);
  if (problem) return { ok: false, message: problem };
  return { ok: true, value: { displayName, username, email, password } };
}
