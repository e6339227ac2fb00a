import { Copy, Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { isNumericId } from '../../../../common/content-id';
import { texts } from '../../../../common/texts';
import { formatTranscript, parseTranscript, type Turn } from '../../../../common/transcript';
import { call } from '../../api/client';
import { notify } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ignoreFailure } from '../../../../common/best-effort';

const t = texts.interview;

/** The live transcript: copy, and edit while no interview is running. */
export function TranscriptPanel({
  turns,
  onChange,
  editable,
  contentId,
}: {
  turns: Turn[];
  onChange(turns: Turn[]): void;
  editable: boolean;
  contentId: string | null;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const text = formatTranscript(turns);
  // The newest turn stays in view while the interview runs.
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [turns]);

  const copy = async () => {
    await navigator.clipboard.writeText(text).catch(ignoreFailure('copy the transcript', null, { level: 'debug' }));
    notify.success(t.copiedTitle, t.copiedText);
  };

  const save = async () => {
    if (draft === null) return;
    if (!draft.trim()) return notify.error(texts.common.transcriptEmptyTitle, texts.common.transcriptEmpty);
    if (isNumericId(contentId)) {
      try {
        await call(
          'PUT /submissions/:contentId/transcript',
          { params: { contentId: contentId! }, body: { transcript: draft } },
          { contentId: contentId! },
        );
      } catch {
        return notify.error(texts.common.errorTitle, texts.common.transcriptSaveFailed);
      }
    }
    onChange(parseTranscript(draft));
    setDraft(null);
    notify.success(t.editedTitle, t.editedText);
  };

  return (
    <Card className="w-full">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{t.transcriptTitle}</h2>
        <div className="flex gap-2">
          <Button variant="ghost" onClick={copy} disabled={!text} aria-label={t.copy}>
            <Copy size={16} aria-hidden="true" />
            <span className="hidden sm:inline">{t.copy}</span>
          </Button>
          {editable && draft === null && turns.length > 0 && (
            <Button variant="ghost" onClick={() => setDraft(text)} aria-label={t.edit}>
              <Pencil size={16} aria-hidden="true" />
              <span className="hidden sm:inline">{t.edit}</span>
            </Button>
          )}
        </div>
      </div>
      {draft !== null ? (
        <div className="flex flex-col gap-3">
          <textarea
            aria-label={t.transcriptLabel}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            rows={12}
            className="w-full rounded-lg border border-slate-300 p-3 text-sm leading-relaxed focus:border-brand focus:outline-none"
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setDraft(null)}>
              {t.cancel}
            </Button>
            <Button onClick={save} disabled={!draft.trim()}>
              {t.save}
            </Button>
          </div>
        </div>
      ) : turns.length === 0 ? (
        <p className="text-sm text-slate-500">{t.noTranscript}</p>
      ) : (
        <ol
          ref={list}
          className="flex max-h-96 flex-col gap-3 overflow-y-auto"
          aria-live="polite"
          data-testid="transcript"
        >
          {turns.map((turn, i) => (
            <li
              key={i}
              className={`rounded-lg p-3 text-sm leading-relaxed ${turn.speaker === 'interviewer' ? 'bg-slate-100 text-slate-800' : 'bg-brand/10 text-slate-900'}`}
            >
              <span className="font-semibold">{t.speaker[turn.speaker]}:</span> {turn.text}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
