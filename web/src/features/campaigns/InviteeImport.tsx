import { useState, type ChangeEvent, type FormEvent } from 'react';
import { type InviteeRow, parseInviteeList, type ParsedList } from '../../../../common/invitee-list';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { notify, notifyFailure } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { InputField, TextareaField } from '../../ui/Field';

const t = texts.campaigns.invitees;

/** Adds invitees one by one or from a pasted list / CSV file; shows each problem line before anything is added. */
export function InviteeImport({
  campaignId,
  known,
  onAdded,
}: {
  campaignId: number;
  known: ReadonlySet<string>;
  onAdded(): void;
}) {
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<ParsedList | null>(null);
  const [busy, setBusy] = useState(false);
  const [one, setOne] = useState<InviteeRow>({ firstName: '', lastName: '', email: '', role: '' });

  const send = async (rows: InviteeRow[]) => {
    setBusy(true);
    try {
      const { added } = await call('POST /campaigns/:campaignId/invitees', {
        params: { campaignId },
        body: { invitees: rows.map(({ firstName, lastName, email, role }) => ({ firstName, lastName, email, role })) },
      });
      notify.success(t.added(added));
      setText('');
      setPreview(null);
      setOne({ firstName: '', lastName: '', email: '', role: '' });
      onAdded();
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const check = (value = text) => setPreview(parseInviteeList(value, known));
  const readFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const content = await file.text();
    setText(content);
    check(content);
  };
  const addOne = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseInviteeList(
      `Vorname;Nachname;E-Mail;Funktion\n${[one.firstName, one.lastName, one.email, one.role].map((v) => v.replace(/;/g, ',')).join(';')}`,
      known,
    );
    if (parsed.problems.length) {
      notify.error(texts.common.errorTitle, t.problem[parsed.problems[0]!.reason]);
      return;
    }
    void send(parsed.rows);
  };

  return (
    <div className="space-y-6">
      <form onSubmit={addOne} className="grid gap-3 sm:grid-cols-2" aria-label={t.addOne}>
        <InputField
          label={t.firstName}
          value={one.firstName}
          onChange={(e) => setOne({ ...one, firstName: e.target.value })}
        />
        <InputField
          label={t.lastName}
          value={one.lastName}
          onChange={(e) => setOne({ ...one, lastName: e.target.value })}
        />
        <InputField
          label={t.email}
          type="email"
          value={one.email}
          onChange={(e) => setOne({ ...one, email: e.target.value })}
        />
        <InputField label={t.role} value={one.role} onChange={(e) => setOne({ ...one, role: e.target.value })} />
        <div className="sm:col-span-2">
          <Button type="submit" variant="secondary" disabled={busy}>
            {t.addOne}
          </Button>
        </div>
      </form>
      <div className="space-y-3">
        <TextareaField
          label={t.pasteLabel}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setPreview(null);
          }}
        />
        <div className="flex flex-wrap items-center gap-3">
          <label className="inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
            {t.file}
            <input type="file" accept=".csv,.txt,.tsv,text/csv,text/plain" className="sr-only" onChange={readFile} />
          </label>
          <Button variant="secondary" onClick={() => check()} disabled={!text.trim()}>
            {t.check}
          </Button>
        </div>
        {preview && (
          <div className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="import-preview">
            {preview.problems.length > 0 && (
              <ul
                className="space-y-1 text-sm text-red-700"
                aria-label={texts.campaigns.errors.listProblems(preview.problems.length)}
              >
                {preview.problems.map((p) => (
                  <li key={p.line}>
                    {t.line(p.line)}: {p.email || '–'} – {t.problem[p.reason]}
                  </li>
                ))}
              </ul>
            )}
            <ul className="max-h-60 space-y-1 overflow-y-auto text-sm text-slate-800">
              {preview.rows.map((r) => (
                <li key={r.line}>
                  {r.firstName} {r.lastName} · {r.email}
                  {r.role ? ` · ${r.role}` : ''}
                </li>
              ))}
            </ul>
            {preview.rows.length > 0 && !preview.tooMany && (
              <Button disabled={busy} onClick={() => void send(preview.rows)}>
                {preview.problems.length ? t.importGood(preview.rows.length) : t.importAll(preview.rows.length)}
              </Button>
            )}
            {preview.tooMany && <p className="text-sm text-red-700">{texts.campaigns.errors.listTooLong}</p>}
          </div>
        )}
      </div>
    </div>
  );
}
