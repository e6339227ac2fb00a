import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig, trustProxyOf } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'ca-config-'));

describe('configuration', () => {
  it('starts on embedded defaults: port 3000, ./data, SQLite, local transcription, built-in agent', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.PORT).toBe(3000);
    expect(config.dataDir).toBe(dir);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.TRANSCRIBER).toBe('local');
    expect(config.VOICE_AGENT).toBe('builtin');
    expect(config.baseUrl).toBe('http://localhost:3000');
  });

  it('keeps a generated auth secret across restarts', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(loadConfig({ DATA_DIR: dir }).authSecret);
  });

  it('refuses a bad setting with a German message naming it', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL muss mit postgres:\/\/ beginnen/,
    );
  });

  it('prints secrets masked', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      AUTH_SECRET: 'x'.repeat(40),
      OPENAI_API_KEY: 'sk-very-secret',
      DATABASE_URL: 'postgres://app:hunter2@db/content',
    });
    const printed = JSON.stringify(describeConfig(config));
    expect(printed).not.toContain('sk-very-secret');
    expect(printed).not.toContain('hunter2');
    expect(printed).not.toContain('x'.repeat(40));
    expect(printed).toContain('postgres://app:***@db/content');
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no forwarded header unless told, then a hop count, any proxy or the listed addresses', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    const oneHop = trustProxyOf('1') as (address: string, hop: number) => boolean;
    expect([oneHop('10.0.0.1', 0), oneHop('10.0.0.2', 1)]).toEqual([true, false]);
    expect(trustProxyOf('true')).toBe(true);
    expect(trustProxyOf('127.0.0.1, 10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'ja bitte' })).toThrow();
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '1' }).TRUST_PROXY).toBe('1');
  });
});
