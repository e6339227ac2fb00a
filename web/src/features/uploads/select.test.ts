import { describe, expect, it } from 'vitest';
import { uploadSurfaces } from '../../../../common/schemas/uploads';
import { texts } from '../../../../common/texts';
import { addToSelection, guessFormat } from './select';

const file = (name: string, size = 1000, type = '') => ({ name, size, type });
const MB = 1024 * 1024;

describe('selection rules of the upload screens', () => {
  it('drops unsupported files with "Ungültiger Dateityp"', () => {
    const r = addToSelection([], [file('a.jpg'), file('virus.exe')], uploadSurfaces.media, {
      photoMb: 50,
      videoMb: 500,
    });
    expect(r.selection.map((f) => f.name)).toEqual(['a.jpg']);
    expect(r.problems).toEqual([{ title: 'Ungültiger Dateityp', text: texts.uploads.invalidTypeText }]);
  });

  it('rejects a 5 MB document with "Datei zu groß"', () => {
    const r = addToSelection([], [file('bericht.pdf', 5 * MB)], uploadSurfaces.media, { photoMb: 50, videoMb: 500 });
    expect(r.selection).toEqual([]);
    expect(r.problems).toEqual([{ title: 'Datei zu groß', text: 'bericht.pdf ist zu groß. Maximale Dateigröße: 4MB' }]);
  });

  it('adds nothing when the selection would exceed 10 files', () => {
    const nine = Array.from({ length: 9 }, (_, i) => file(`${i}.png`));
    const r = addToSelection(nine, [file('x.png'), file('y.png')], uploadSurfaces.media, { photoMb: 50, videoMb: 500 });
    expect(r.selection).toHaveLength(9);
    expect(r.problems).toEqual([{ title: 'Zu viele Dateien', text: 'Sie können maximal 10 Dateien hochladen.' }]);
  });

  it('refuses a second file on a single-file page: nothing is added, "Zu viele Dateien"', () => {
    const r = addToSelection([file('alt.png')], [file('neu.png')], uploadSurfaces.image, { photoMb: 50, videoMb: 500 });
    expect(r.selection.map((f) => f.name)).toEqual(['alt.png']);
    expect(r.problems).toEqual([{ title: 'Zu viele Dateien', text: 'Sie können maximal 1 Datei hochladen.' }]);
  });

  it("speaks the bank's words for its image and document pages", () => {
    expect(
      addToSelection([], [file('a.webp')], uploadSurfaces['bank-image'], { photoMb: 50, videoMb: 500 }).problems[0],
    ).toEqual({ title: 'Keine gültigen Bilder', text: 'Bitte wählen Sie gültige Bilddateien aus (JPG, PNG).' });
    expect(
      addToSelection([], [file('a.mp4')], uploadSurfaces['bank-documents'], { photoMb: 50, videoMb: 500 }).problems[0]!
        .title,
    ).toBe('Keine gültigen Dokumente');
    expect(
      addToSelection([], [file('a.png')], uploadSurfaces.document, { photoMb: 50, videoMb: 500 }).problems[0]!.text,
    ).toBe('Bitte laden Sie ein PDF, DOC, DOCX oder TXT Dokument hoch.');
  });

  it('uses the configured video limit', () => {
    expect(
      addToSelection([], [file('clip.mov', 30 * MB)], uploadSurfaces.media, { photoMb: 50, videoMb: 20 }).problems[0]!
        .text,
    ).toBe('clip.mov ist zu groß. Maximale Dateigröße: 20MB');
  });

  it('guesses by extension first, then by declared type', () => {
    expect(guessFormat(file('FOTO.JPEG'))).toBe('jpg');
    expect(guessFormat(file('ohne-endung', 1, 'video/quicktime'))).toBe('mov');
    expect(guessFormat(file('x.gif', 1, 'image/gif'))).toBeNull();
  });
});
