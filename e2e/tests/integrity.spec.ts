// Trust only what was pinned: all three remotes deployed and pinned with `use`, then files of the
// pinned catalog changed as a compromised bucket or CDN would change them. Nothing changed runs,
// in the browser or in Node, and the chrome keeps working.
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { runScript } from '../support/cli.ts';
import { expect, stackTest, type Stack } from '../support/fixtures.ts';
import { proposeAndConfirm } from '../support/override-flow.ts';
import { errorPanel } from '../support/remote-page.ts';
import { REMOTE_DIRS, ROOT, startStack } from '../support/stack.mjs';

const TAMPERED = 'không khớp với mã băm đã được ghim';

interface Deployment {
  dir: string;
  /** Each remote's published version folder. */
  versions: Record<'catalog' | 'auth' | 'account', string>;
}

const test = stackTest.extend<object, { deployment: Deployment; stack: Stack }>({
  deployment: [
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), 'devhub-integrity-'));
      try {
        // The one production build `npm run build` made, published as it is: three folders of their own, at once.
        const deployed = await Promise.all(
          Object.entries(REMOTE_DIRS).map(async ([remote, pkg]) => {
            const { code, output } = await runScript('deploy.mjs', [remote, '--no-build', '--to', dir]);
            expect(code, output).toBe(0);
            const [version] = readdirSync(join(dir, pkg)).filter((name) => /^\d+\.\d+\.\d+/.test(name));
            return [remote, join(dir, pkg, version!)] as const;
          }),
        );
        await use({ dir, versions: Object.fromEntries(deployed) as Deployment['versions'] });
      } finally {
        rmSync(dir, { recursive: true, force: true });
        rmSync(`${dir}-sourcemaps`, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  stack: [
    async ({ deployment }, use) => {
      const stack = await startStack({ api: true, deployDir: deployment.dir });
      stack.writeRegistry({ ...stack.registry, deployBaseUrl: '/deploy/' });
      // Pins of three remotes at once: the registry's lock keeps every one (remotes-concurrent.test.mjs).
      const pinned = await Promise.all(
        Object.entries(deployment.versions).map(([remote, folder]) =>
          runScript('remotes.mjs', [
            'use',
            remote,
            folder.split('/').pop()!,
            '--file',
            stack.registryFile,
            '--deploy-dir',
            deployment.dir,
          ]),
        ),
      );
      for (const { code, output } of pinned) expect(code, output).toBe(0);
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

const doctor = (stack: Stack, deployment: Deployment) =>
  runScript('remotes.mjs', ['doctor', '--file', stack.registryFile, '--deploy-dir', deployment.dir]);

/** The chrome still works: header, sidebar, footer, and the theme toggle. */
async function expectChromeWorks(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Điều hướng chính' }).first()).toBeAttached();
  const toggle = page.getByRole('button', { name: /Giao diện/ });
  const before = await toggle.getAttribute('aria-label');
  await toggle.click();
  await expect(toggle).not.toHaveAttribute('aria-label', before ?? '');
}

/** The file of the catalog's published version matching `pattern`. */
function catalogFile(deployment: Deployment, pattern: RegExp): string {
  const name = readdirSync(deployment.versions.catalog).find((file) => pattern.test(file));
  if (!name) throw new Error(`no file matching ${pattern} in ${deployment.versions.catalog}`);
  return join(deployment.versions.catalog, name);
}

test.describe('trust only what was pinned', { tag: '@shell' }, () => {
  test('every pin carries its digest and doctor finds all three verified', async ({ stack, deployment }) => {
    const registry = JSON.parse(readFileSync(stack.registryFile, 'utf8')) as {
      remotes: Record<string, { integrity?: string }>;
    };
    for (const remote of Object.keys(REMOTE_DIRS)) expect(registry.remotes[remote]?.integrity).toMatch(/^sha384-/);
    const healthy = await doctor(stack, deployment);
    expect(healthy.code, healthy.output).toBe(0);
    expect(healthy.output).toMatch(/catalog: sha384-/);
  });

  for (const [what, pattern, line] of [
    ['its remoteEntry.js', /^remoteEntry\.js$/, '\n;window.__tampered = true;\n'],
    ['one of its page chunks', /^__federation_expose_HomePage\.[0-9a-f]+\.js$/, '\n;window.__tampered = true;\n'],
    [
      'its stylesheet',
      /^__federation_expose_HomePage\.[0-9a-f]+\.css$/,
      '\nhtml{--tampered:1;outline:9px solid red}\n',
    ],
  ] as const) {
    test(`a change to ${what} never runs; the chrome keeps working; doctor names the file`, async ({
      page,
      stack,
      deployment,
    }) => {
      const file = catalogFile(deployment, pattern);
      const original = readFileSync(file);
      appendFileSync(file, line);
      try {
        // doctor reads the same files as the browser, in a process of its own: both at once.
        const checking = doctor(stack, deployment);
        await page.goto('/');
        await expect(errorPanel(page)).toContainText(TAMPERED);
        expect(await page.evaluate(() => (window as { __tampered?: boolean }).__tampered)).toBeUndefined();
        expect(
          await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--tampered')),
        ).toBe('');
        await expectChromeWorks(page);

        const checked = await checking;
        expect(checked.code, checked.output).toBe(1);
        expect(checked.output).toContain(`${file.split('/').pop()} does not match its digest`);
      } finally {
        writeFileSync(file, original);
      }
    });
  }

  test('a changed server build is never required by the prerender, which says why', async ({ stack, deployment }) => {
    const file = join(deployment.versions.catalog, 'server.remoteEntry.cjs');
    const marker = join(deployment.dir, 'server-build-ran');
    const original = readFileSync(file);
    appendFileSync(file, `\nrequire('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran');\n`);
    try {
      const rendered = await runScript('remotes.mjs', [
        'prerender',
        '--file',
        stack.registryFile,
        '--deploy-dir',
        deployment.dir,
      ]);
      expect(rendered.output).toMatch(
        /stays client-rendered: catalog: refused, its server build is not the one pinned: server\.remoteEntry\.cjs does not match its digest/,
      );
      expect(existsSync(marker)).toBe(false);
    } finally {
      writeFileSync(file, original);
    }
  });

  test.describe('overrides', () => {
    /** A plain HTTP server on 127.0.0.1 answering with `answer`; counts what it is asked. */
    async function server(
      answer: (url: string, respond: (status: number, headers?: Record<string, string>) => void) => void,
    ) {
      const requests: string[] = [];
      const http: Server = createServer((request, response) => {
        requests.push(request.url ?? '');
        answer(request.url ?? '', (status, headers = {}) => {
          response.writeHead(status, { 'access-control-allow-origin': '*', ...headers });
          response.end();
        });
      });
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      const { port } = http.address() as { port: number };
      return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((r) => http.close(r)) };
    }

    test('one whose manifest puts its files on another origin loads nothing from there', async ({ page, stack }) => {
      const elsewhere = await server((_, respond) => respond(404));
      const dir = mkdtempSync(join(tmpdir(), 'devhub-override-'));
      const before = JSON.parse(readFileSync(stack.registryFile, 'utf8')) as { allowedOverrideOrigins: string[] };
      try {
        cpSync(join(ROOT, 'remote-catalog', 'dist'), dir, { recursive: true });
        const manifestFile = join(dir, 'mf-manifest.json');
        const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { metaData: Record<string, unknown> };
        manifest.metaData.publicPath = `${elsewhere.url}/`;
        writeFileSync(manifestFile, JSON.stringify(manifest));
        const allowed = await stack.serveExtra(dir);
        stack.writeRegistry({ ...before, environment: 'local', allowedOverrideOrigins: [allowed] });

        await proposeAndConfirm(page, 'catalog', `${allowed}/mf-manifest.json`);
        await page.goto('/');
        await expect(errorPanel(page)).toContainText('Không tải được');
        await expect(errorPanel(page)).toContainText('ngoài các nguồn remotes.json cho phép');
        expect(elsewhere.requests).toEqual([]);
        await expectChromeWorks(page);
      } finally {
        stack.writeRegistry(before);
        await elsewhere.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });

    test('one whose URL redirects off the list is refused', async ({ page, stack }) => {
      const offList = await server((_, respond) => respond(404));
      const redirector = await server((url, respond) => respond(302, { location: `${offList.url}${url}` }));
      const registry = JSON.parse(readFileSync(stack.registryFile, 'utf8')) as { allowedOverrideOrigins: string[] };
      try {
        stack.writeRegistry({ ...registry, environment: 'local', allowedOverrideOrigins: [redirector.url] });
        await proposeAndConfirm(page, 'catalog', `${redirector.url}/mf-manifest.json`);
        await page.goto('/');
        await expect(errorPanel(page)).toBeVisible();
        expect(redirector.requests).toContain('/mf-manifest.json');
        expect(offList.requests).toEqual([]);
      } finally {
        stack.writeRegistry(registry);
        await redirector.close();
        await offList.close();
      }
    });
  });
});
