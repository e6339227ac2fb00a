import { describe, expect, it } from 'vitest';
import { parseInviteeList } from './invitee-list';

describe('invitee lists', () => {
  it('read a German CSV with a header in any order', () => {
    const list = parseInviteeList(
      'E-Mail;Vorname;Nachname;Funktion\nada@example.org;Ada;Lovelace;"Ingenieurin; Leitung"\n',
    );
    expect(list.rows).toEqual([
      { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', role: 'Ingenieurin; Leitung', line: 2 },
    ]);
    expect(list.problems).toEqual([]);
  });

  it('read a spreadsheet copy with English headers', () => {
    const list = parseInviteeList('First name\tLast name\tEmail\tRole\r\nGrace\tHopper\tgrace@example.org\tAdmiral');
    expect(list.rows[0]).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.org',
      role: 'Admiral',
    });
  });

  it('read a list without header in the order Vorname, Nachname, E-Mail, Funktion', () => {
    const list = parseInviteeList('Emmy,Noether,emmy@example.org,Mathematikerin');
    expect(list.rows[0]).toMatchObject({ firstName: 'Emmy', email: 'emmy@example.org', role: 'Mathematikerin' });
  });

  it('show invalid addresses, duplicates, known addresses and missing names by line', () => {
    const list = parseInviteeList(
      'Vorname;Nachname;E-Mail\nAda;Lovelace;ada@example.org\nAda;L;ADA@example.org\nX;Y;kaputt@\n;Z;z@example.org\nG;H;g@example.org',
      new Set(['g@example.org']),
    );
    expect(list.rows.map((r) => r.email)).toEqual(['ada@example.org']);
    expect(list.problems).toEqual([
      { line: 3, reason: 'duplicate', email: 'ADA@example.org' },
      { line: 4, reason: 'invalid', email: 'kaputt@' },
      { line: 5, reason: 'missing', email: 'z@example.org' },
      { line: 6, reason: 'known', email: 'g@example.org' },
    ]);
  });
});
