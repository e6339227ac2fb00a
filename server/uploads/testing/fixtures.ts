import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import yazl from 'yazl';

/** Real files made in the tests, so every rule is checked against actual bytes. */

/** A JPEG with a GPS position and orientation 6 (rotate 90°) in its EXIF, 64×32 pixels as stored. */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 32, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestKamera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 2/1', GPSLongitudeRef: 'E', GPSLongitude: '11/1 34/1 5/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Whether a JPEG's EXIF holds a GPS block (tag 0x8825, little-endian as sharp writes it). */
export async function hasGps(image: Buffer): Promise<boolean> {
  const exif = (await sharp(image).metadata()).exif;
  return !!exif && exif.includes(Buffer.from([0x25, 0x88]));
}

export function png(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
}

export function webp(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 0, g: 200, b: 100 } } })
    .webp()
    .toBuffer();
}

/** A one-second test video made by ffmpeg. */
export function video(format: 'mp4' | 'mov' | 'webm'): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'ca-video-'));
  const out = path.join(dir, `clip.${format}`);
  const codec = format === 'webm' ? ['-c:v', 'libvpx', '-b:v', '200k'] : ['-c:v', 'libx264', '-pix_fmt', 'yuv420p'];
  try {
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:rate=10:duration=1',
      ...codec,
      '-y',
      out,
    ]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A minimal valid one-page PDF. */
export function pdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A minimal Word document (a ZIP with the OOXML parts file-type looks for). */
export function docx(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '[Content_Types].xml',
    );
    zip.addBuffer(
      Buffer.from(
        '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hallo</w:t></w:r></w:p></w:body></w:document>',
      ),
      'word/document.xml',
    );
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

export function txt(): Buffer {
  return Buffer.from('Grüße aus der Werkstatt.\nÄrger über Öl und Maß.\n', 'utf8');
}

/** A Windows executable header (what a renamed .exe starts with). */
export function exe(): Buffer {
  const b = Buffer.alloc(512);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
}

export function html(): Buffer {
  return Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>\n');
}

/** Bytes of a given size that are none of the allowed formats' signatures but pass as text. */
export function bigText(bytes: number): Buffer {
  return Buffer.alloc(bytes, 'a');
}
