import { useState } from 'react';
import { TRANSCRIPT_PREVIEW_CHARS } from '../../../../common/finish-rules';
import { texts } from '../../../../common/texts';
import { Button } from '../../ui/Button';

const f = texts.finish;

/** The first 300 characters of a transcript, 'n weitere Zeichen' and a toggle to show all of it. */
export function TranscriptPreview({ transcript }: { transcript: string }) {
  const [expanded, setExpanded] = useState(false);
  const rest = transcript.length - TRANSCRIPT_PREVIEW_CHARS;
  const shown = expanded || rest <= 0 ? transcript : `${transcript.slice(0, TRANSCRIPT_PREVIEW_CHARS)}...`;
  return (
    <div>
      <p
        data-testid="transcript-text"
        className="whitespace-pre-wrap break-words text-sm leading-relaxed text-slate-800"
      >
        {shown}
      </p>
      {rest > 0 && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {!expanded && <span className="text-sm text-slate-500">{f.moreChars(rest)}</span>}
          <Button variant="secondary" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
            {expanded ? f.showLess : f.showFullTranscript}
          </Button>
        </div>
      )}
    </div>
  );
}
