import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CspEvaluator } from 'csp_evaluator/dist/evaluator.js';
import { Severity } from 'csp_evaluator/dist/finding.js';
import { CspParser } from 'csp_evaluator/dist/parser.js';
import { contentSecurityPolicy, pagePolicies, registryOrigins, scriptHashSources } from './static-server-csp.mjs';

const THEME = 'document.documentElement.classList.add("dark")';
const sha256 = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const PAGE = [
  '<!doctype html><html><head>',
  '<script type="application/json" id="record">{"a":1}</script>',
  `<script>${THEME}</script>`,
  '<script defer src="/main.1a2b3c4d.js" integrity="sha384-abc"></script>',
  '</head><body><div id="root"></div><script>start()</script></body></html>',
].join('');
const REGISTRY = {
  remotes: {
    catalog: { entry: '//localhost:3001/mf-manifest.json' },
    auth: { entry: 'https://cdn.example/remote-auth/1.0.0/mf-manifest.json' },
    account: { entry: '/deploy/remote-account/1.0.0/mf-manifest.json' },
  },
  allowedOverrideOrigins: ['http://localhost:3003'],
};

describe('content security policy', () => {
  it("hashes the page's inline scripts and lists its scripts' integrity, not its data blocks", () => {
    expect(scriptHashSources(PAGE).sort()).toEqual([sha256(THEME), sha256('start()'), "'sha384-abc'"].sort());
  });

  it('allows the origins the registry pins or allows, and the page itself for a relative entry', () => {
    expect(registryOrigins(REGISTRY).sort()).toEqual([
      'http://localhost:3003',
      'https://cdn.example',
      'localhost:3001',
    ]);
    expect(registryOrigins('not a registry')).toEqual([]);
  });

  it("lets the remotes' origins be prefetched (Firefox checks a prefetch against default-src) without widening script-src", () => {
    const policy = contentSecurityPolicy({ scripts: ["'sha384-abc'"], origins: registryOrigins(REGISTRY) });
    const directive = (name) => policy.split('; ').find((entry) => entry.startsWith(`${name} `));
    expect(directive('default-src')).toBe(
      "default-src 'self' localhost:3001 https://cdn.example http://localhost:3003",
    );
    expect(directive('script-src')).toBe("script-src 'strict-dynamic' 'sha384-abc'");
    for (const kept of ['frame-src', 'media-src']) expect(directive(kept)).toBe(`${kept} 'self'`);
  });

  it('has no finding of high severity (Google csp_evaluator), and no unsafe-inline script', () => {
    const policy = contentSecurityPolicy({ scripts: scriptHashSources(PAGE), origins: registryOrigins(REGISTRY) });
    const findings = new CspEvaluator(new CspParser(policy).csp).evaluate();
    expect(
      findings.filter((finding) => finding.severity <= Severity.HIGH).map((finding) => finding.description),
    ).toEqual([]);
    const scriptSrc = policy.split('; ').find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toContain("'strict-dynamic'");
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("is made from the build's scripts and the registry, again whenever either changes", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'csp-'));
    try {
      const registryFile = join(dir, 'remotes.json');
      writeFileSync(registryFile, JSON.stringify({ remotes: {} }));
      let build = { key: 'one', sources: [sha256('one()')] };
      const policyOf = pagePolicies({ registryFile, scripts: async () => build });
      expect(await policyOf()).toContain(sha256('one()'));
      build = { key: 'two', sources: [sha256('two()')] };
      writeFileSync(registryFile, JSON.stringify(REGISTRY));
      utimesSync(registryFile, new Date(), new Date(Date.now() + 5_000));
      const second = await policyOf();
      expect(second).toContain(sha256('two()'));
      expect(second).not.toContain(sha256('one()'));
      expect(second).toContain('https://cdn.example');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
