// Issue #2 acceptance ("devDependencies, pinned, in test/interop") and claude-agent-sdk.md §1.1: the
// Claude SDK's ~350 MB native CLI (optionalDependencies @anthropic-ai/claude-agent-sdk-<platform>) is
// replaced by package.json `overrides` with the empty stub test/interop/no-native-cli, so `npm ci` never
// downloads it. These tests pin that down: the platform package is the stub, and the SDK really cannot
// find a native CLI (every interop test therefore runs bin/cbc.js).
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { query } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import { ROOT, claudeEnv, failOnProcessNoise } from './helpers.js';

failOnProcessNoise();

const require = createRequire(import.meta.url);
const PLATFORMS = ['linux-x64', 'linux-arm64', 'linux-x64-musl', 'linux-arm64-musl', 'darwin-x64', 'darwin-arm64', 'win32-x64', 'win32-arm64'];

describe('the native Claude Code CLI is not installed', () => {
  it('package.json overrides every @anthropic-ai/claude-agent-sdk-<platform> with the stub, and pins the SDKs', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string>; overrides: Record<string, string> };
    expect(pkg.devDependencies['@anthropic-ai/claude-agent-sdk']).toBe('0.3.328');
    expect(pkg.devDependencies['@tencent-ai/agent-sdk']).toBe('0.3.201');
    for (const p of PLATFORMS) expect(pkg.overrides[`@anthropic-ai/claude-agent-sdk-${p}`]).toBe('file:test/interop/no-native-cli');
  });

  it('each installed platform package resolves to the stub, which has no `claude` binary', () => {
    // the stub of the checkout that installed node_modules (a worktree may share its node_modules by symlink)
    const stub = realpathSync(join(dirname(realpathSync(join(ROOT, 'node_modules'))), 'test/interop/no-native-cli'));
    for (const p of PLATFORMS) {
      const manifest = require.resolve(`@anthropic-ai/claude-agent-sdk-${p}/package.json`);
      expect(realpathSync(dirname(manifest))).toBe(stub);
      expect(() => require.resolve(`@anthropic-ai/claude-agent-sdk-${p}/claude`)).toThrow();
    }
  });

  it('without pathToClaudeCodeExecutable the SDK reports the native CLI missing (§1.1)', async () => {
    const run = async (): Promise<void> => {
      for await (const _ of query({ prompt: 'x', options: { env: claudeEnv() } })) void _;
    };
    await expect(run()).rejects.toThrow(/Native CLI binary for .* not found/);
  });
});
