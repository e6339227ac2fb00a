import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  cardFormats,
  clipFormats,
  newCard,
  newClip,
  type NewCard,
  type NewClip,
} from '../../../../common/schemas/content';
import type { ClipSource, ContentOverview, Proposals } from '../../../../common/contracts/content';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { failureMessage, notify } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { optionsOf, SelectField, TextareaField } from '../../ui/Field';
import { ContentToolsPlaceholder } from './ContentSectionPlaceholder';
import { useContent, useRefresh } from './useContent';
import { CardPreview } from './CardPreview';
import { Items } from './ItemsList';
import { PassageFields } from './PassageFields';
import { clockTime, cropDirections, inPassage, markWord, type Passage, quoteOption } from './passage';
import { ClipPreview } from './ClipPreview';
import { CardLayoutField, ClipOptions, type ClipOptionsValue } from './MakerOptions';
import '../../lib/zod-csp';

const t = texts.content;

/** The tools of the inbox detail page's content section (in its `ContentSectionFrame`): quote cards, clips and audiograms, and what was made. */
export function ContentSection({ contentId }: { contentId: number }) {
  const content = useContent(contentId);
  const data = content.data;
  if (!data) return <ContentToolsPlaceholder />;
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-2">
        <CardMaker data={data} />
        <ClipMaker data={data} />
      </div>
      <Items data={data} />
    </>
  );
}

function CardMaker({ data }: { data: ContentOverview }) {
  const refresh = useRefresh(data.contentId);
  const [quote, setQuote] = useState('');
  const [format, setFormat] = useState<(typeof cardFormats)[number]>('4:5');
  const [showName, setShowName] = useState(false);
  const [photo, setPhoto] = useState<number | null>(null);
  const [layout, setLayout] = useState(data.template.cardLayout);
  const [error, setError] = useState<string>();
  const make = useMutation({
    mutationFn: (body: NewCard) =>
      call('POST /content/:contentId/cards', { params: { contentId: data.contentId }, body }),
    onSuccess: async () => {
      notify.success(t.ready, t.cardMade);
      await refresh();
    },
    onError: (e) => setError(failureMessage(e)),
  });
  const submit = () => {
    const parsed = newCard.safeParse({ format, quote, showName, photoMediaId: photo, layout });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    make.mutate(parsed.data);
  };
  const canName = data.consent.naming && !!data.contributor.name;
  const previewed = newCard.safeParse({ format, quote, showName: showName && canName, photoMediaId: photo, layout });
  const previewCard = previewed.success ? previewed.data : null;
  return (
    <div className="space-y-3" data-testid="card-maker">
      <h3 className="text-base font-semibold text-slate-900">{t.cardTitle}</h3>
      <QuotePicker quotes={data.quotes} onPick={setQuote} />
      <TextareaField
        label={t.quoteLabel}
        hint={t.quoteHint}
        rows={3}
        value={quote}
        maxLength={400}
        error={error}
        onChange={(e) => setQuote(e.target.value)}
      />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        <SelectField
          label={t.formatLabel}
          options={optionsOf(cardFormats, t.formats)}
          value={format}
          onChange={(e) => setFormat(e.target.value as typeof format)}
        />
        <PhotoSelect data={data} value={photo} onChange={setPhoto} />
        <CardLayoutField value={layout} onChange={setLayout} />
      </div>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4"
          checked={showName && canName}
          disabled={!canName}
          onChange={(e) => setShowName(e.target.checked)}
        />
        <span>
          {t.showName}
          {data.contributor.name && canName
            ? ` (${[data.contributor.name, data.contributor.role].filter(Boolean).join(', ')})`
            : ''}
          {!data.consent.naming && <span className="block text-xs text-slate-500">{t.showNameNoConsent}</span>}
        </span>
      </label>
      <CardPreview contentId={data.contentId} card={previewCard} />
      <Button onClick={submit} disabled={make.isPending}>
        {make.isPending ? t.making : t.makeCard}
      </Button>
    </div>
  );
}

/** Picks a sentence of the transcript or of the answers as the card's quote. */
function QuotePicker({ quotes, onPick }: { quotes: ContentOverview['quotes']; onPick(quote: string): void }) {
  if (quotes.transcript.length === 0 && quotes.answers.length === 0) return null;
  return (
    <SelectField label={t.quoteFromTranscript} value="" onChange={(e) => e.target.value && onPick(e.target.value)}>
      <option value="">–</option>
      {quotes.transcript.length > 0 && (
        <optgroup label={t.quoteFromTranscript}>
          {quotes.transcript.map((s, i) => (
            <option key={`t${i}`} value={s}>
              {quoteOption(s)}
            </option>
          ))}
        </optgroup>
      )}
      {quotes.answers.length > 0 && (
        <optgroup label={t.quoteFromAnswers}>
          {quotes.answers.map((s, i) => (
            <option key={`a${i}`} value={s}>
              {quoteOption(s)}
            </option>
          ))}
        </optgroup>
      )}
    </SelectField>
  );
}

function PhotoSelect({
  data,
  value,
  onChange,
}: {
  data: ContentOverview;
  value: number | null;
  onChange(v: number | null): void;
}) {
  if (data.photos.length === 0) return null;
  return (
    <SelectField
      label={t.photoLabel}
      hint={data.consent.photo ? undefined : t.noPhotoConsent}
      options={[{ value: '', label: t.noPhoto }, ...data.photos.map((p) => ({ value: p.id, label: p.name }))]}
      value={value ?? ''}
      disabled={!data.consent.photo}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
    />
  );
}

function ClipMaker({ data }: { data: ContentOverview }) {
  const refresh = useRefresh(data.contentId);
  const sources = data.sources;
  const [sourceId, setSourceId] = useState<number | undefined>(
    sources.find((s) => s.words)?.mediaId ?? sources[0]?.mediaId,
  );
  const source = sources.find((s) => s.mediaId === sourceId);
  const [range, setRange] = useState<Passage | null>(null);
  const [anchor, setAnchor] = useState<number | null>(null);
  const [format, setFormat] = useState<(typeof clipFormats)[number]>('9:16');
  const [cropX, setCropX] = useState(0.5);
  const [cropY, setCropY] = useState(0.5);
  const [photo, setPhoto] = useState<number | null>(null);
  const [options, setOptions] = useState<ClipOptionsValue>({
    captionStyle: data.template.captionStyle,
    hook: '',
    showName: data.consent.naming && !!data.contributor.name,
  });
  const [proposals, setProposals] = useState<Proposals>();
  const [error, setError] = useState<string>();
  const render = useMutation({
    mutationFn: (body: NewClip) =>
      call('POST /content/:contentId/clips', { params: { contentId: data.contentId }, body }),
    onSuccess: async () => {
      await refresh();
    },
    onError: (e) => setError(failureMessage(e)),
  });
  const propose = useMutation({
    mutationFn: () =>
      call('GET /content/:contentId/proposals', {
        params: { contentId: data.contentId },
        query: { mediaId: sourceId },
      }),
    onSuccess: setProposals,
    onError: (e) => setError(failureMessage(e)),
  });
  if (sources.length === 0) {
    return (
      <div className="space-y-2">
        <h3 className="text-base font-semibold text-slate-900">{t.clipTitle}</h3>
        <p className="text-sm text-slate-500">{t.noSources}</p>
      </div>
    );
  }
  const clickWord = (i: number) => {
    const marked = markWord(source?.words ?? [], anchor, i);
    setAnchor(marked.anchor);
    setRange(marked.passage);
  };
  const clipOf = (passage: Passage | null) =>
    newClip.safeParse({
      mediaId: sourceId,
      start: passage?.start ?? 0,
      end: passage?.end ?? 0,
      format,
      cropX,
      cropY,
      photoMediaId: source?.kind === 'audio' ? photo : null,
      ...options,
      showName: options.showName && data.consent.naming,
    });
  const submit = () => {
    const parsed = clipOf(range);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    render.mutate(parsed.data);
  };
  const previewed = range ? clipOf(range) : null;
  return (
    <div className="space-y-3" data-testid="clip-maker">
      <h3 className="text-base font-semibold text-slate-900">{t.clipTitle}</h3>
      <SelectField
        label={t.sourceLabel}
        options={sources.map((s) => ({
          value: s.mediaId,
          label: `${s.name} (${s.kind === 'video' ? t.kinds.clip : t.kinds.audiogram})`,
        }))}
        value={sourceId}
        onChange={(e) => {
          setSourceId(Number(e.target.value));
          setRange(null);
          setAnchor(null);
          setProposals(undefined);
        }}
      />
      {source && !source.words && <p className="text-sm text-slate-500">{t.noTiming}</p>}
      {source?.words && (
        <>
          <p className="text-xs text-slate-500">{t.markHint}</p>
          <Transcript source={source} range={range} onWord={clickWord} />
          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant="secondary"
              className="!min-h-9"
              onClick={() => propose.mutate()}
              disabled={propose.isPending}
            >
              {t.proposals}
            </Button>
          </div>
          {proposals && <ProposalList proposals={proposals} onUse={setRange} />}
        </>
      )}
      <PassageFields
        start={range ? range.start.toFixed(1) : ''}
        end={range ? range.end.toFixed(1) : ''}
        onStart={(start) => setRange({ start, end: range?.end ?? start + 5 })}
        onEnd={(end) => setRange({ start: range?.start ?? 0, end })}
      />
      {range && (
        <p className="text-sm text-slate-700" data-testid="clip-selection">
          {t.selection(clockTime(range.start), clockTime(range.end))}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        <SelectField
          label={t.formatLabel}
          options={optionsOf(clipFormats, t.formats)}
          value={format}
          onChange={(e) => setFormat(e.target.value as typeof format)}
        />
        {source?.kind === 'video' ? (
          <CropFields
            directions={cropDirections(source, format)}
            cropX={cropX}
            cropY={cropY}
            onCropX={setCropX}
            onCropY={setCropY}
          />
        ) : (
          <PhotoSelect data={data} value={photo} onChange={setPhoto} />
        )}
      </div>
      <ClipOptions data={data} value={options} onChange={setOptions} />
      <ClipPreview contentId={data.contentId} clip={previewed?.success ? previewed.data : null} />
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <Button onClick={submit} disabled={render.isPending || !range}>
        {source?.kind === 'audio' ? t.renderAudiogram : t.render}
      </Button>
    </div>
  );
}

/** Passages the server proposes for a clip, each to take over with one click. */
function ProposalList({ proposals, onUse }: { proposals: Proposals; onUse(passage: Passage): void }) {
  return (
    <div className="space-y-1.5 rounded-lg bg-slate-50 p-2 text-sm" data-testid="proposals">
      <p className="text-xs text-slate-500">{proposals.kind === 'model' ? t.proposalsModel : t.proposalsRules}</p>
      <ol className="space-y-1.5">
        {proposals.passages.map((p, i) => (
          <li key={i} className="flex items-start gap-2">
            <span className="min-w-0 flex-1 break-words text-slate-700">
              <span className="mr-1 text-xs text-slate-500">
                {clockTime(p.start)}–{clockTime(p.end)}
              </span>
              {p.text}
            </span>
            <Button
              variant="ghost"
              className="!min-h-8 shrink-0 !px-2 text-xs"
              onClick={() => onUse({ start: p.start, end: p.end })}
            >
              {t.useProposal}
            </Button>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The crop of a video clip: a slider for each side the format cuts off, or a note that it fits. */
function CropFields({
  directions,
  cropX,
  cropY,
  onCropX,
  onCropY,
}: {
  directions: { x: boolean; y: boolean };
  cropX: number;
  cropY: number;
  onCropX(v: number): void;
  onCropY(v: number): void;
}) {
  return (
    <div className="space-y-2">
      {directions.x && <CropSlider label={t.cropLabel} value={cropX} onChange={onCropX} />}
      {directions.y && <CropSlider label={t.cropLabelY} value={cropY} onChange={onCropY} />}
      {!directions.x && !directions.y && <p className="text-sm text-slate-500">{t.cropFits}</p>}
    </div>
  );
}

function Transcript({ source, range, onWord }: { source: ClipSource; range: Passage | null; onWord(i: number): void }) {
  const words = useMemo(() => source.words ?? [], [source]);
  return (
    <div
      className="max-h-56 overflow-y-auto rounded-lg border border-slate-200 p-2 text-[15px] leading-7"
      data-testid="clip-transcript"
    >
      {words.map((w, i) => {
        const inside = inPassage(w, range);
        return (
          <button
            key={i}
            type="button"
            onClick={() => onWord(i)}
            className={`mr-1 rounded px-0.5 ${inside ? 'bg-brand text-white' : 'hover:bg-slate-100'}`}
            title={clockTime(w.start)}
          >
            {w.text}
          </button>
        );
      })}
    </div>
  );
}

/** One direction of the clip's crop (0 = left or top, 1 = right or bottom). */
function CropSlider({ label, value, onChange }: { label: string; value: number; onChange(v: number): void }) {
  return (
    <label className="block space-y-1.5 text-sm font-medium text-slate-800">
      <span>{label}</span>
      <input
        type="range"
        min={0}
        max={1}
        step={0.05}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-full accent-brand"
      />
    </label>
  );
}
