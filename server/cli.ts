import { parseArgs } from 'node:util';
import { parseRole, roles } from '../common/roles';
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

class UsageError extends Error {}

function roleArg(value: string | undefined) {
  if (value === undefined) throw new UsageError('--role fehlt.');
  if (value === 'none') return null;
  const role = parseRole(value);
  if (!role) throw new UsageError(`Unbekannte Rolle "${value}".`);
  return role;
}

async function run(argv: string[]): Promise<void> {
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
  if (noun === 'backup' || noun === 'restore') {
    if (!verb || positionals.length > 2) throw new UsageError('Dateiname fehlt.');
    // Checked before loadConfig, which would put a new auth secret into the directory.
    if (noun === 'restore') assertEmptyDataDir(path.resolve(process.env.DATA_DIR || './data'));
    const config = loadConfig();
    const manifest =
      noun === 'backup' ? await backup(config, verb, console.log) : await restore(config, verb, console.log);
    console.log(
      noun === 'backup'
        ? `Sicherung geschrieben: ${path.resolve(verb)}`
        : `Zurückgespielt nach ${config.dataDir}${config.DATABASE_URL ? ' und in die PostgreSQL-Datenbank' : ''}.`,
    );
    if (noun === 'backup')
      console.log(
        `Inhalt: ${manifest.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'}-Datenbank, ${manifest.files} Dateien.`,
      );
    else await replayAfterRestore(values['erasure-log'] ?? null);
    return;
  }
  if ((noun === 'erasure' || noun === 'retention') && verb === 'run') {
    const asOf = values['as-of'] ? new Date(values['as-of']) : new Date();
    if (Number.isNaN(asOf.getTime()))
      throw new UsageError('--as-of ist keine Zeitangabe (z. B. 2027-01-31T12:00:00Z).');
    const app = await buildApp(loadConfig(), { logger: false });
    try {
      if (noun === 'erasure') console.log(`${await runDueErasures(app, asOf)} Löschanträge ausgeführt.`);
      else {
        const r = await runRetention(app, asOf);
        console.log(`${r.warned} Einsendungen angekündigt, ${r.erased} gelöscht.`);
      }
    } finally {
      await app.close();
    }
    return;
  }
  if (noun === 'tenant') {
    if (!['create', 'list', 'archive'].includes(verb ?? '')) throw new UsageError('Unbekannter Befehl.');
    const app = await buildApp(loadConfig(), { logger: false });
    try {
      await tenantCommand(app, verb!, values);
    } finally {
      await app.close();
    }
    return;
  }
  if (noun === 'campaign') {
    if (verb !== 'remind') throw new UsageError('Unbekannter Befehl.');
    const asOf = new Date(values['as-of'] ?? '');
    if (!values['as-of'] || Number.isNaN(asOf.getTime())) throw new UsageError(texts.campaigns.cli.asOfInvalid);
    const app = await buildApp(loadConfig(), { logger: false });
    try {
      console.log(texts.campaigns.cli.reminded(await remindAsOf(app, asOf)));
    } finally {
      await app.close();
    }
    return;
  }
  if (noun === 'member') {
    const app = await buildApp(loadConfig(), { logger: false });
    try {
      await memberCommand(app, verb ?? '', values);
    } finally {
      await app.close();
    }
    return;
  }
  if (noun !== 'user' || !['create', 'role', 'list'].includes(verb ?? '')) throw new UsageError('Unbekannter Befehl.');
  if (verb !== 'list' && !values.email) throw new UsageError('--email fehlt.');
  if (verb === 'create' && (!values.password || values.password.length < 8))
    throw new UsageError('--password fehlt oder hat weniger als 8 Zeichen.');
  if (verb === 'create' && values.tenant) {
    const app = await buildApp(loadConfig(), { logger: false });
    try {
      await createMemberUser(app, {
        email: values.email!,
        password: values.password!,
        tenant: values.tenant,
        role: values.role,
      });
    } finally {
      await app.close();
    }
    return;
  }
  const role = verb === 'list' ? null : roleArg(values.role);

  const app = await buildApp(loadConfig(), { logger: false });
  try {
    if (verb === 'create') {
      const user = await createUser(app.auth, {
        email: values.email!,
        password: values.password!,
        name: values.name,
        role,
      });
      console.log(`Benutzer ${user.email} angelegt (Rolle: ${role ?? 'keine'}).`);
    } else if (verb === 'role') {
      const result = await setUserRole(app.db, values.email!, role);
      if (!result.found) throw new UsageError(`Kein Benutzer mit der E-Mail ${values.email}.`);
      await writeAudit(app.db, null, {
        action: 'user.role',
        target: `user:${result.id}`,
        detail: { email: values.email, to: role, via: 'cli' },
      });
      if (result.ended)
        await writeAudit(app.db, null, {
          action: 'membership.remove',
          target: `user:${result.id}`,
          tenant: result.ended.tenant,
          detail: { email: values.email, role: result.ended.role, via: 'cli' },
        });
      console.log(
        `Rolle von ${values.email} ist jetzt ${role ?? 'keine'}.${result.ended ? ` Mitgliedschaft im Bereich ${result.ended.tenant} beendet.` : ''}`,
      );
    } else {
      for (const u of await listUsers(app.db))
        console.log(`${u.email}\t${parseRole(u.role) ?? 'keine Rolle'}${u.banned ? '\tdeaktiviert' : ''}`);
    }
  } finally {
    await app.close();
  }
}

/** After a restore: the erasures logged since (ids only) are carried out again in the restored data. */
async function replayAfterRestore(given: string | null): Promise<void> {
  const logFile = given ?? loadConfig().ERASURE_LOG ?? null;
  // Without a log there is nothing erased since the backup to carry out again.
  if (!logFile) return;
  const app = await buildApp(loadConfig(), { logger: false });
  try {
    const replayed = await replayErasures(app, logFile ? path.resolve(logFile) : null);
    console.log(
      `Löschprotokoll nachgeholt: ${replayed.submissions} Einsendungen und ${replayed.files} Dateien gelöscht${logFile ? ` (${path.resolve(logFile)})` : ''}.`,
    );
  } finally {
    await app.close();
  }
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
