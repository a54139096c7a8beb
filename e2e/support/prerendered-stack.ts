// A worker's own preview stack with its public routes prerendered (as `npm run preview` serves
// them), its versions deployed to a folder of its own that a test may add versions to.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { sealVersion } from '../../scripts/lib/integrity.mjs';
import { stackTest, type Stack } from './fixtures.ts';
import { startStack } from './stack.mjs';

export interface PrerenderedStackFixtures {
  /** The stack's deploy folder (served under /deploy/), removed with the worker. */
  deployDir: string;
  stack: Stack;
}

export interface PinsFixtures {
  /**
   * Option, on by default: the test starts on the stack's own registry and pages rendered from it.
   * They are rendered again only if a test before changed the registry (files a test adds under
   * the deploy folder are its own versions, pinned with their digests). Off for a test that pins
   * and renders its own versions before it opens a page.
   */
  restorePins: boolean;
  /** Automatic: what `restorePins` asks for. */
  ownPins: void;
}

export const prerenderedStackTest = stackTest.extend<PinsFixtures, PrerenderedStackFixtures>({
  restorePins: [true, { option: true }],
  ownPins: [
    async ({ stack, restorePins }, use) => {
      if (restorePins) {
        stack.writeRegistry(stack.registry);
        await stack.prerender({ ifChanged: true });
      }
      await use();
    },
    { auto: true },
  ],
  deployDir: [
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), 'devhub-prerendered-'));
      await use(dir);
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  stack: [
    async ({ deployDir }, use) => {
      // With the collector: the reporter's beacons and the remotes panel's figures go where they do in production.
      const stack = await startStack({ api: true, prerender: true, telemetry: true, deployDir });
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker' },
  ],
});

/**
 * Console errors and warnings of a page (a hydration mismatch is one), from its first script on,
 * but the warnings `ignoredWarnings` matches.
 */
export function consoleProblems(page: Page, ignoredWarnings: RegExp[] = []): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const type = message.type();
    const text = message.text();
    if (type === 'warning' && ignoredWarnings.some((pattern) => pattern.test(text))) return;
    if (type === 'error' || type === 'warning') problems.push(`${type}: ${text}`);
  });
  return problems;
}

/**
 * Pins `remote` at the version published in `versionDir` (served as `/deploy/<package>/<version>/`),
 * as `remotes use` pins it: the manifest's digest and the routes of the served build (the same).
 */
export function pinPublished(stack: Stack, remote: string, versionDir: string): void {
  const [pkg, version] = versionDir.split('/').slice(-2);
  stack.writeRegistry({
    ...stack.registry,
    remotes: {
      ...stack.registry.remotes,
      [remote]: {
        entry: `/deploy/${pkg}/${version}/mf-manifest.json`,
        integrity: sealVersion(versionDir),
        routes: stack.registry.remotes[remote]?.routes,
      },
    },
  });
}

/**
 * Puts the version published in `versionDir` beside `remote`'s pin as its candidate for `percent` of
 * visitors, as `remotes canary start` writes it; `stableVersion` names the stable pin's version (the
 * stack's pins name none). Returns the stable pin.
 */
export function pinCandidate(
  stack: Stack,
  remote: string,
  versionDir: string,
  percent: number,
  stableVersion?: string,
) {
  const [pkg, version] = versionDir.split('/').slice(-2);
  const stable = { ...stack.registry.remotes[remote]!, ...(stableVersion ? { version: stableVersion } : {}) };
  const candidate = {
    entry: `/deploy/${pkg}/${version}/mf-manifest.json`,
    version,
    integrity: sealVersion(versionDir),
    routes: stable.routes,
    percent,
    started: new Date().toISOString(),
  };
  stack.writeRegistry({
    ...stack.registry,
    remotes: { ...stack.registry.remotes, [remote]: { ...stable, candidate } },
  });
  return stable;
}
