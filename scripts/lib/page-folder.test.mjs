import { mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installPages, withdrawPages } from './page-folder.mjs';

describe('a folder of pages replaced under its readers', () => {
  let root;
  let pages;
  const stage = (label) => {
    const staging = join(root, `staging-${label}`);
    mkdirSync(staging);
    writeFileSync(join(staging, 'index.html'), label);
    return staging;
  };
  const generations = () => readdirSync(`${pages}.generations`).length;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'page-folder-'));
    pages = join(root, 'pages');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('serves the last render and keeps the one a reader may have resolved just before, no older', () => {
    installPages(pages, stage('first'));
    const first = realpathSync(pages);
    installPages(pages, stage('second'));
    expect(readFileSync(join(pages, 'index.html'), 'utf8')).toBe('second');
    expect(readFileSync(join(first, 'index.html'), 'utf8')).toBe('first');
    installPages(pages, stage('third'));
    expect(readFileSync(join(pages, 'index.html'), 'utf8')).toBe('third');
    expect(generations()).toBe(2);
    expect(readdirSync(root).sort()).toEqual(['pages', 'pages.generations']);
  });

  it('replaces a plain folder left from before, and withdraws to nothing in two steps', () => {
    mkdirSync(pages);
    writeFileSync(join(pages, 'index.html'), 'plain');
    installPages(pages, stage('linked'));
    expect(readFileSync(join(pages, 'index.html'), 'utf8')).toBe('linked');
    withdrawPages(pages);
    expect(readdirSync(root)).toEqual(['pages.generations']);
    expect(generations()).toBe(1);
    withdrawPages(pages);
    expect(readdirSync(root)).toEqual([]);
  });
});
