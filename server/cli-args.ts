import { parseArgs } from 'node:util';
import { parseRole, type Role } from '../common/roles';
import { texts } from '../common/texts';

/** A command line the operator wrote wrong: its message is shown with the usage. */
export class UsageError extends Error {}

/** The options every command of `npm run cli` may take (strict: any other is refused). */
export function parseCliArgs(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
      // tenants (server/tenants/cli.ts)
      key: { type: 'string' },
      tenant: { type: 'string' },
      color: { type: 'string' },
      wording: { type: 'string' },
      'public-link': { type: 'boolean' },
      // erasure and retention (server/own-page)
      'erasure-log': { type: 'string' },
      // campaigns
      'as-of': { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  const [noun, verb] = positionals;
  return { noun, verb, positionals, values };
}

export type CliArgs = ReturnType<typeof parseCliArgs>;
export type CliValues = CliArgs['values'];

/** `--role`: one of the roles, or `none` (null). */
export function roleArg(value: string | undefined): Role | null {
  if (value === undefined) throw new UsageError('--role fehlt.');
  if (value === 'none') return null;
  const role = parseRole(value);
  if (!role) throw new UsageError(`Unbekannte Rolle "${value}".`);
  return role;
}

/** `--as-of` of the erasure and retention runs: now when not given. */
export function runAsOfArg(value: string | undefined, now = new Date()): Date {
  const asOf = value ? new Date(value) : now;
  if (Number.isNaN(asOf.getTime())) throw new UsageError('--as-of ist keine Zeitangabe (z. B. 2027-01-31T12:00:00Z).');
  return asOf;
}

/** `--as-of` of the campaign reminders: required, so a second run sends nothing twice. */
export function remindAsOfArg(value: string | undefined): Date {
  const asOf = new Date(value ?? '');
  if (!value || Number.isNaN(asOf.getTime())) throw new UsageError(texts.campaigns.cli.asOfInvalid);
  return asOf;
}

/** What `user create|role|list` needs before it opens the app: its e-mail, a long enough password. */
export function checkUserArgs(verb: string | undefined, values: CliValues): void {
  if (!['create', 'role', 'list'].includes(verb ?? '')) throw new UsageError('Unbekannter Befehl.');
  if (verb !== 'list' && !values.email) throw new UsageError('--email fehlt.');
  if (verb === 'create' && (!values.password || values.password.length < 8))
    throw new UsageError('--password fehlt oder hat weniger als 8 Zeichen.');
}
