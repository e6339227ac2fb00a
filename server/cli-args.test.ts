import { describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import { checkUserArgs, parseCliArgs, remindAsOfArg, roleArg, runAsOfArg, UsageError } from './cli-args';

describe('operator command line arguments', () => {
  it('reads the noun, the verb and the options, and refuses an unknown option', () => {
    const args = parseCliArgs(['user', 'role', '--email', 'a@example.org', '--role', 'admin']);
    expect(args).toMatchObject({ noun: 'user', verb: 'role', values: { email: 'a@example.org', role: 'admin' } });
    expect(() => parseCliArgs(['user', 'list', '--colour', 'red'])).toThrow();
  });

  it('takes a known role or none, and names what is wrong otherwise', () => {
    expect(roleArg('admin')).toBe('admin');
    expect(roleArg('none')).toBeNull();
    expect(() => roleArg(undefined)).toThrow(new UsageError('--role fehlt.'));
    expect(() => roleArg('chef')).toThrow(new UsageError('Unbekannte Rolle "chef".'));
  });

  it('runs erasure and retention as of now unless a time is given', () => {
    const now = new Date('2027-01-31T12:00:00Z');
    expect(runAsOfArg(undefined, now)).toBe(now);
    expect(runAsOfArg('2027-02-01T00:00:00Z', now).toISOString()).toBe('2027-02-01T00:00:00.000Z');
    expect(() => runAsOfArg('gestern', now)).toThrow(UsageError);
  });

  it('requires a valid time for campaign reminders', () => {
    expect(remindAsOfArg('2027-01-31T12:00:00Z').toISOString()).toBe('2027-01-31T12:00:00.000Z');
    expect(() => remindAsOfArg(undefined)).toThrow(new UsageError(texts.campaigns.cli.asOfInvalid));
    expect(() => remindAsOfArg('bald')).toThrow(new UsageError(texts.campaigns.cli.asOfInvalid));
  });

  it('checks a user command before the app is opened', () => {
    expect(() => checkUserArgs('list', {})).not.toThrow();
    expect(() => checkUserArgs('delete', {})).toThrow(new UsageError('Unbekannter Befehl.'));
    expect(() => checkUserArgs('role', {})).toThrow(new UsageError('--email fehlt.'));
    expect(() => checkUserArgs('create', { email: 'a@example.org', password: 'kurz' })).toThrow(
      new UsageError('--password fehlt oder hat weniger als 8 Zeichen.'),
    );
    expect(() => checkUserArgs('create', { email: 'a@example.org', password: 'lang-genug' })).not.toThrow();
  });
});
