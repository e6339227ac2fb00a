import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type CaptionStyle, defaultMediaTemplate, type MediaTemplate } from '../../common/media-template';
import type { MediaJobContext } from '../media-jobs/runner';
import { frameRate, type FfprobeResult } from '../media-jobs/ffmpeg';
import type { ItemSpec } from './attach';
import { audiogramArgs, audiogramBackgroundPng } from './audiogram';
import { brandOf, photoOf, type ServiceDeps } from './sources';
import type { Brand } from './card';
import { captionImage, captionStyle, clipArgs, type ClipFormat, logoImage } from './clip';
import { clipEnd, hookImage, type Layer, lowerThirdImage, wordCaptionLayers, writeLayers } from './clip-design';
import { readableBox } from './colour';
import { normalisingFilter } from './loudness';
import { type Cue, cuesFor, type TimedWord } from './timing';

type RenderDeps = ServiceDeps;

/** The tenant's templates for cards and clips (its row; the defaults for a tenant without one). */
export async function templateOf(deps: Pick<ServiceDeps, 'tenantRegistry'>, tenant: string): Promise<MediaTemplate> {
  return (await deps.tenantRegistry.fresh()).get(tenant)?.media ?? defaultMediaTemplate;
}

/** What a clip or audiogram is made of, for the render and for the preview alike. */
export type DesignInput = {
  kind: 'clip' | 'audiogram';
  format: ClipFormat;
  tenant: string;
  contentId: number;
  spec: ItemSpec;
  words: TimedWord[];
  mediaSeconds: number | null;
  /** Name and role, only when the contributor agreed to be named and the editor chose to show them. */
  named: { name: string; role: string | null } | null;
};

export type Design = {
  start: number;
  duration: number;
  brand: Brand;
  template: MediaTemplate;
  style: CaptionStyle;
  layers: Layer[];
  /** The audiogram's still picture. */
  background: Buffer | null;
};

/** How long the hook line and the lower third stay (seconds from the start of the clip). */
const HOOK_SECONDS = 3.5;
const LOWER_THIRD = { from: 0.3, to: 5 };

/**
 * The captions of a clip or audiogram, times from its start: the one caption builder with the
 * format's line length. The render burns them in; the players get them as WebVTT (captions.ts).
 */
export function passageCues(input: Pick<DesignInput, 'format' | 'spec' | 'words' | 'mediaSeconds'>): {
  start: number;
  duration: number;
  cues: Cue[];
} {
  const start = Number(input.spec.start);
  const lastEnd = Number(input.spec.end);
  const end = clipEnd(input.words, start, lastEnd, input.mediaSeconds);
  const duration = end - start;
  const cues = cuesFor(input.words, start, lastEnd, captionStyle[input.format].maxChars);
  // The last caption stays through the half second after the last word.
  const last = cues.at(-1);
  if (last && last.end >= lastEnd - start - 0.05) last.end = duration;
  return { start, duration, cues };
}

/** Every picture laid over the clip, with its place and time: the same for the render and the preview. */
export async function designOf(deps: RenderDeps, input: DesignInput): Promise<Design> {
  const [brand, template] = await Promise.all([brandOf(deps, input.tenant), templateOf(deps, input.tenant)]);
  const { format, spec } = input;
  const style = spec.captionStyle ?? template.captionStyle;
  const font = template.font;
  const { start, duration, cues } = passageCues(input);
  const layers: Layer[] = [];
  const logo = await logoImage(format, brand);
  layers.push({ png: logo.png, x: logo.x, y: logo.y });
  if (style === 'words') {
    layers.push(...(await wordCaptionLayers(format, brand, font, cues)));
  } else {
    for (const cue of cues) {
      const image = await captionImage(cue, format, brand.colour, input.kind === 'audiogram', font);
      layers.push({ png: image.png, x: image.x, y: image.y, start: cue.start, end: cue.end });
    }
  }
  if (input.named && input.kind === 'clip')
    layers.push(
      await lowerThirdImage(
        format,
        brand,
        font,
        input.named.name,
        input.named.role,
        LOWER_THIRD.from,
        Math.min(duration, LOWER_THIRD.to),
      ),
    );
  const hook = spec.hook?.trim();
  if (hook) {
    layers.push(await hookImage(format, brand, font, hook, Math.min(duration, HOOK_SECONDS)));
  }
  const background =
    input.kind === 'audiogram'
      ? await audiogramBackgroundPng(
          format,
          brand,
          font,
          await photoOf(deps, input.contentId, spec.photoMediaId),
          input.named?.name ?? null,
          input.named?.role ?? null,
        )
      : null;
  return { start, duration, brand, template, style, layers, background };
}

/**
 * Renders a designed clip or audiogram from the local `source` to `out`: overlays written to the
 * job's directory, the passage's loudness measured and normalised to −14 LUFS in the same encode.
 */
export async function renderDesign(
  ctx: Pick<MediaJobContext, 'tempDir' | 'signal' | 'ffmpeg'>,
  design: Design,
  o: {
    kind: 'clip' | 'audiogram';
    format: ClipFormat;
    spec: ItemSpec;
    source: string;
    probe: FfprobeResult;
    width: number | null;
    height: number | null;
    out: string;
  },
): Promise<void> {
  const { start, duration } = design;
  const overlays = await writeLayers(ctx.tempDir, design.layers, duration);
  const hasAudio = o.probe.streams.some((s) => s.codec_type === 'audio');
  const audioFilter = hasAudio ? await normalisingFilter(o.source, start, duration, ctx.signal) : undefined;
  if (o.kind === 'clip') {
    const video = o.probe.streams.find((s) => s.codec_type === 'video');
    const rotation =
      Math.abs(Number(video?.side_data_list?.find((d) => d.rotation != null)?.rotation ?? video?.tags?.rotate ?? 0)) %
      180;
    const srcW = Number(o.width ?? (rotation === 90 ? video?.height : video?.width) ?? 1920);
    const srcH = Number(o.height ?? (rotation === 90 ? video?.width : video?.height) ?? 1080);
    await ctx.ffmpeg(
      clipArgs({
        source: o.source,
        start,
        duration,
        srcW,
        srcH,
        format: o.format,
        cropX: o.spec.cropX,
        cropY: o.spec.cropY,
        overlays,
        hasAudio,
        fps: frameRate(video),
        audioFilter,
        out: o.out,
      }),
      { durationSeconds: duration },
    );
    return;
  }
  const background = path.join(ctx.tempDir, 'background.png');
  await writeFile(background, design.background!);
  await ctx.ffmpeg(
    audiogramArgs({
      source: o.source,
      start,
      duration,
      format: o.format,
      background,
      colour: readableBox(design.brand.colour).text,
      overlays,
      audioFilter: audioFilter ?? 'anull',
      out: o.out,
    }),
    { durationSeconds: duration },
  );
}
