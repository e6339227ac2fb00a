import { parseRole, roles, type Role } from '../common/roles';
import path from 'node:path';
import { assertEmptyDataDir, backup, BackupError, restore } from './backup';
import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { replayErasures, runDueErasures, runRetention } from './own-page';
import { writeAudit } from './admin';
import { createUser, listUsers, setUserRole } from './users';
import { createMemberUser, memberCommand, tenantCommand, TenantCliError, tenantUsage } from './tenants';
import { remindAsOf } from './campaigns';
import { texts } from '../common/texts';
import {
  type CliArgs,
  type CliValues,
  checkUserArgs,
  parseCliArgs,
  remindAsOfArg,
  roleArg,
  runAsOfArg,
  UsageError,
} from './cli-args';

const usage = `Verwendung:
  npm run cli -- user create --email E --password P --role R
  npm run cli -- user role --email E --role R
  npm run cli -- user list
${tenantUsage}
  ${texts.campaigns.cli.remindUsage}   fällige Erinnerungen von Kampagnen jetzt senden (zweimal: einmal)
  npm run cli -- backup DATEI       Datenbank und Dateien in eine Datei sichern (auch im laufenden Betrieb)
  npm run cli -- restore DATEI [--erasure-log LOG]
                                    eine Sicherung in ein leeres DATA_DIR (und eine leere Datenbank) zurückspielen;
                                    danach werden alle Löschungen des Löschprotokolls nachgeholt (LOG oder ERASURE_LOG)
  npm run cli -- erasure run [--as-of ZEIT]    fällige Löschanträge ausführen
  npm run cli -- retention run [--as-of ZEIT]  ungenutzte Einsendungen ankündigen bzw. löschen
Rollen: ${roles.join(', ')}, none`;

type App = Awaited<ReturnType<typeof buildApp>>;

/** The app for one command, closed after it whatever happens. */
async function withApp(command: (app: App) => Promise<void>): Promise<void> {
  const app = await buildApp(loadConfig(), { logger: false });
  try {
    await command(app);
  } finally {
    await app.close();
  }
}

async function run(argv: string[]): Promise<void> {
  const args = parseCliArgs(argv);
  const { noun, verb, values } = args;
  if (noun === 'backup' || noun === 'restore') return backupOrRestore(noun, args);
  if ((noun === 'erasure' || noun === 'retention') && verb === 'run') {
    const asOf = runAsOfArg(values['as-of']);
    return withApp(async (app) => {
      if (noun === 'erasure') console.log(`${await runDueErasures(app, asOf)} Löschanträge ausgeführt.`);
      else {
        const r = await runRetention(app, asOf);
        console.log(`${r.warned} Einsendungen angekündigt, ${r.erased} gelöscht.`);
      }
    });
  }
  if (noun === 'tenant') {
    if (!['create', 'list', 'archive'].includes(verb ?? '')) throw new UsageError('Unbekannter Befehl.');
    return withApp((app) => tenantCommand(app, verb!, values));
  }
  if (noun === 'campaign') {
    if (verb !== 'remind') throw new UsageError('Unbekannter Befehl.');
    const asOf = remindAsOfArg(values['as-of']);
    return withApp(async (app) => console.log(texts.campaigns.cli.reminded(await remindAsOf(app, asOf))));
  }
  if (noun === 'member') return withApp((app) => memberCommand(app, verb ?? '', values));
  if (noun !== 'user') throw new UsageError('Unbekannter Befehl.');
  return userCommand(verb, values);
}

async function backupOrRestore(noun: 'backup' | 'restore', { verb: file, positionals, values }: CliArgs) {
  if (!file || positionals.length > 2) throw new UsageError('Dateiname fehlt.');
  if (noun === 'backup') {
    const manifest = await backup(loadConfig(), file, console.log);
    console.log(`Sicherung geschrieben: ${path.resolve(file)}`);
    console.log(
      `Inhalt: ${manifest.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'}-Datenbank, ${manifest.files} Dateien.`,
    );
    return;
  }
  // Checked before loadConfig, which would put a new auth secret into the directory.
  assertEmptyDataDir(path.resolve(process.env.DATA_DIR || './data'));
  const config = loadConfig();
  await restore(config, file, console.log);
  console.log(`Zurückgespielt nach ${config.dataDir}${config.DATABASE_URL ? ' und in die PostgreSQL-Datenbank' : ''}.`);
  await replayAfterRestore(values['erasure-log'] ?? null);
}

async function userCommand(verb: string | undefined, values: CliValues): Promise<void> {
  checkUserArgs(verb, values);
  if (verb === 'create' && values.tenant) {
    const { tenant } = values;
    return withApp((app) =>
      createMemberUser(app, { email: values.email!, password: values.password!, tenant, role: values.role }),
    );
  }
  const role = verb === 'list' ? null : roleArg(values.role);
  return withApp(async (app) => {
    if (verb === 'create') {
      const user = await createUser(app.auth, {
        email: values.email!,
        password: values.password!,
        name: values.name,
        role,
      });
      console.log(`Benutzer ${user.email} angelegt (Rolle: ${role ?? 'keine'}).`);
    } else if (verb === 'role') await setRoleByCli(app, values.email!, role);
    else
      for (const u of await listUsers(app.db))
        console.log(`${u.email}\t${parseRole(u.role) ?? 'keine Rolle'}${u.banned ? '\tdeaktiviert' : ''}`);
  });
}

/** `user role`: the new role, and the membership it ends, each with its audit entry. */
async function setRoleByCli(app: App, email: string, role: Role | null): Promise<void> {
  const result = await setUserRole(app.db, email, role);
  if (!result.found) throw new UsageError(`Kein Benutzer mit der E-Mail ${email}.`);
  await writeAudit(app.db, null, {
    action: 'user.role',
    target: `user:${result.id}`,
    detail: { email, to: role, via: 'cli' },
  });
  if (result.ended)
    await writeAudit(app.db, null, {
      action: 'membership.remove',
      target: `user:${result.id}`,
      tenant: result.ended.tenant,
      detail: { email, role: result.ended.role, via: 'cli' },
    });
  console.log(
    `Rolle von ${email} ist jetzt ${role ?? 'keine'}.${result.ended ? ` Mitgliedschaft im Bereich ${result.ended.tenant} beendet.` : ''}`,
  );
}

/** After a restore: the erasures logged since (ids only) are carried out again in the restored data. */
async function replayAfterRestore(given: string | null): Promise<void> {
  const logFile = given ?? loadConfig().ERASURE_LOG ?? null;
  // Without a log there is nothing erased since the backup to carry out again.
  if (!logFile) return;
  await withApp(async (app) => {
    const replayed = await replayErasures(app, path.resolve(logFile));
    console.log(
      `Löschprotokoll nachgeholt: ${replayed.submissions} Einsendungen und ${replayed.files} Dateien gelöscht (${path.resolve(logFile)}).`,
    );
  });
}

// Exit once done: background workers (read pool, timers) must not keep the command alive.
run(process.argv.slice(2))
  .then(() => process.exit(0))
  .catch((error) => {
    if (error instanceof UsageError || error instanceof ConfigError || error instanceof TenantCliError)
      console.error(`${error.message}\n\n${usage}`);
    else if (error instanceof BackupError) console.error(error.message);
    else console.error(`Fehler: ${error?.body?.message ?? error?.message ?? error}`);
    process.exit(1);
  });
