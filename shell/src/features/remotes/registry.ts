import { validateRegistry, type Registry as PinnedRemotes, type RegistryProblem } from '@devhub/contracts/registry';
import type { RouteTable } from '@devhub/contracts/routes';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { FetchJsonError, fetchJson } from './fetch-json';

/** A remote the registry names with a pin nothing may run: why, and where to say it. */
export interface RefusedRemote {
  reason: string;
  /** Its routes, when well formed: they show the reason instead of a page not found. */
  routes?: RouteTable;
}

/** The registry's pins that run, and those it refused: one team's broken pin stops no other team's pages. */
export type Registry = PinnedRemotes & { refused?: Readonly<Record<string, RefusedRemote>> };

/** How long the shell waits for remotes.json before its remote routes explain that it did not come. */
const REGISTRY_TIMEOUT_MS = 8000;

const REGISTRY_URL = '/remotes.json';

export class RegistryError extends Error {
  override name = 'RegistryError';
}

const TEXT = SHELL_TEXT.registry;

/** The registry names the remotes: the shell checks a name's form, and a pin's shape. */
const PIN_TEXT = {
  badRemoteName: (names: string) =>
    `tên remote không hợp lệ: ${names} (chỉ gồm chữ thường và chữ số, bắt đầu bằng chữ cái, tối đa 30 ký tự)`,
  badPin: (field: string) => `"${field}" phải là một đối tượng có entry là URL của mf-manifest.json`,
  refused: (remote: string, reasons: string) => `remotes.json ghim remote "${remote}" không hợp lệ: ${reasons}`,
  badCandidate: (field: string) => `"${field}" không hợp lệ: mọi khách truy cập dùng bản ghim ổn định`,
};

/** The problems only a registry outside the local environment has: what the shell refuses to run there. */
const OUTSIDE_LOCAL_TEXT = {
  missingIntegrity: (field: string) =>
    `thiếu "${field}": ngoài môi trường local, shell chỉ chạy bản ghim có mã băm sha384`,
  localOrigins: (field: string, origins: string) =>
    `"${field}" ngoài môi trường local chỉ được gồm origin https không thuộc máy này (không nhận: ${origins})`,
};

function describe(problem: RegistryProblem): string {
  const { code, field, detail } = problem;
  switch (code) {
    case 'not-object':
      return TEXT.notObject;
    case 'bad-remote-name':
      return PIN_TEXT.badRemoteName(detail ?? '');
    case 'bad-pin':
      return PIN_TEXT.badPin(field);
    case 'bad-candidate':
      return PIN_TEXT.badCandidate(field);
    case 'missing-integrity':
      return OUTSIDE_LOCAL_TEXT.missingIntegrity(field);
    case 'local-origins':
      return OUTSIDE_LOCAL_TEXT.localOrigins(field, detail ?? '');
    default:
      return TEXT.badField(field, TEXT.expected[code as keyof typeof TEXT.expected]);
  }
}

/** Validates remotes.json, explaining every problem in Vietnamese: the shell shows it in place of the pages. */
export function parseRegistry(raw: unknown): Registry {
  const { registry, problems, refused } = validateRegistry(raw);
  if (!registry) throw new RegistryError(problems.map(describe).join('; '));
  // A pin refused, or a name: the console says so once; the pin's routes say it to the visitor.
  if (problems.length > 0) console.error(`[shell] remotes.json: ${problems.map(describe).join('; ')}`);
  const refusals = Object.entries(refused).map(([remote, { problems: why, routes }]) => {
    const reason = PIN_TEXT.refused(remote, why.map(describe).join('; '));
    return [remote, routes ? { reason, routes } : { reason }] as const;
  });
  return { ...registry, refused: Object.fromEntries(refusals) };
}

/** The Vietnamese reason for a failed read of the registry at `url`. */
function explain(error: unknown, url: string, timeoutMs: number): RegistryError {
  if (!(error instanceof FetchJsonError))
    return error instanceof RegistryError ? error : new RegistryError(String(error));
  const { failure } = error;
  switch (failure.kind) {
    case 'timeout':
      return new RegistryError(TEXT.timeout(url, timeoutMs / 1000));
    case 'status':
      return new RegistryError(TEXT.httpStatus(url, failure.status));
    case 'not-json':
      return new RegistryError(TEXT.notJson(url));
    default:
      return new RegistryError(TEXT.unreachable(url));
  }
}

/**
 * Fetches and validates the registry, never for longer than `timeoutMs`: a registry that hangs
 * must not hold back the pages forever (the chrome never waits for it at all).
 */
export async function fetchRegistry({
  url = REGISTRY_URL,
  timeoutMs = REGISTRY_TIMEOUT_MS,
}: { url?: string; timeoutMs?: number | undefined } = {}): Promise<Registry> {
  try {
    const { json } = await fetchJson(url, { timeoutMs });
    return parseRegistry(json);
  } catch (error) {
    throw explain(error, url, timeoutMs);
  }
}
