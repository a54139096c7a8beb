import type { CompatibilityProblem } from '@devhub/contracts/compatibility';
import { SHELL_TEXT } from '@devhub/shared/strings';

/** Why a remote build does not fit this shell build, in Vietnamese, for its slot and the remotes panel. */
export function compatibilityText(problem: CompatibilityProblem): string {
  const { kind, remote, dependency, needs, provides } = problem;
  const text = SHELL_TEXT.compatibility;
  if (kind === 'record') return text.record(remote, provides);
  if (kind === 'expose') return text.expose(remote, dependency);
  if (kind === 'export') {
    return needs === '*'
      ? text.exportAll(remote, dependency, provides)
      : text.exportMissing(remote, dependency, needs, provides);
  }
  return text.needs(remote, dependency, needs, provides);
}
