import { describe, expect, it } from 'vitest';
import { texts } from '../../../../common/texts';
import { dropZoneLabel, emptySelectionNotice, uploadSuccessNotice } from './upload-notices';

const t = texts.uploads;
const photo = { name: 'a.jpg', type: 'image/jpeg' };
const pdf = { name: 'b.pdf', type: 'application/pdf' };

describe('what the upload surface says', () => {
  it("asks for files in each page's words when none is chosen", () => {
    expect(emptySelectionNotice({ tabs: true, bank: true, page: 'document-upload' })).toEqual({
      title: t.noFilesTitle,
      text: t.noFilesText,
    });
    expect(emptySelectionNotice({ tabs: false, bank: true, page: 'image-upload' }).title).toBe(t.noFilesBankTitle);
    expect(emptySelectionNotice({ tabs: false, bank: false, page: 'document-upload' }).title).toBe(t.noFileTitle);
    expect(emptySelectionNotice({ tabs: false, bank: false, page: 'image-upload' }).title).toBe(t.noFilesTitle);
  });

  it('names one photo, several photos, or counts the files', () => {
    expect(uploadSuccessNotice([photo], 1, null, { maxFiles: 1 }).text).toBe(t.imageSuccess);
    expect(uploadSuccessNotice([photo, photo], 2, null, { maxFiles: 10 }).text).toBe(t.imagesSuccess(2));
    expect(uploadSuccessNotice([photo, pdf], 2, null, { maxFiles: 10 }).text).toBe(t.success(2, 2));
  });

  it('counts a partial upload as success and says why the rest was refused', () => {
    expect(uploadSuccessNotice([photo, pdf], 1, 'Datei zu groß.', { maxFiles: 10 })).toEqual({
      title: t.successTitle,
      text: `${t.success(1, 2)} Datei zu groß.`,
    });
  });

  it('tells a touch screen to tap, for what the page takes; a mouse to drag', () => {
    expect(dropZoneLabel(false, 'photo')).toBe(t.dropZone);
    expect(dropZoneLabel(true, 'document')).toBe(t.dropZoneTouchDocuments);
    expect(dropZoneLabel(true, 'photo')).toBe(t.dropZoneTouchPhotos);
    expect(dropZoneLabel(true, null)).toBe(t.dropZoneTouch);
  });
});
