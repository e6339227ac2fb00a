import { createRequire } from 'node:module';
import path from 'node:path';
import type { MediaFont } from '../../common/media-template';

const require = createRequire(import.meta.url);
const dirOf = (pkg: string) => path.dirname(require.resolve(`${pkg}/package.json`));

/**
 * The fonts a tenant may choose for its cards and captions (common/media-template.ts), each shipped
 * with the app from npm (OFL), never the system's. Inter is the default (server/content/fonts.ts).
 */
export const fontFamilies: Record<MediaFont, string> = {
  inter: 'Inter',
  atkinson: 'Atkinson Hyperlegible',
  serif: 'Source Serif 4',
};

const atkinson = dirOf('@expo-google-fonts/atkinson-hyperlegible');
const serif = dirOf('@expo-google-fonts/source-serif-4');

/** The chosen fonts' files beside Inter's (regular and bold). */
export const choiceFontFiles = [
  path.join(atkinson, '400Regular/AtkinsonHyperlegible_400Regular.ttf'),
  path.join(atkinson, '700Bold/AtkinsonHyperlegible_700Bold.ttf'),
  path.join(serif, '400Regular/SourceSerif4_400Regular.ttf'),
  path.join(serif, '700Bold/SourceSerif4_700Bold.ttf'),
];

/** The font-family attribute of a choice, with Inter behind it for any glyph the choice lacks. */
export const fontFamilyOf = (font: MediaFont | undefined) =>
  font && font !== 'inter' ? `${fontFamilies[font]}, Inter` : 'Inter';
