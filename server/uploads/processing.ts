import { spawn } from 'node:child_process';
import sharp from 'sharp';
import type { FileFormat } from '../../common/schemas/uploads';

// libvips keeps up to 20 input files open in its operation cache: an original already deleted
// would keep its disk space (and a read-only remount) until evicted. Files are read once here.
sharp.cache({ files: 0 });

/** Longest side of thumbnails and video posters, in pixels. */
const THUMB_SIZE = 480;

/**
 * The photo as it is stored: orientation applied to the pixels, every metadata block (EXIF with
 * GPS, XMP, IPTC) dropped, same format as uploaded. sharp drops metadata unless asked to keep it.
 */
export async function cleanPhoto(input: Buffer, format: FileFormat): Promise<Buffer> {
  const image = sharp(input, { failOn: 'error' }).rotate();
  switch (format) {
    case 'png':
      return image.png().toBuffer();
    case 'webp':
      return image.webp({ quality: 90 }).toBuffer();
    default:
      return image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  }
}

/**
 * The same for a photo on disk, written to `output`: libvips reads the file itself, so a 50 MB
 * photo is never held in the server's memory as a whole.
 */
export async function cleanPhotoFile(input: string, format: FileFormat, output: string): Promise<void> {
  const image = sharp(input, { failOn: 'error' }).rotate();
  switch (format) {
    case 'png':
      await image.png().toFile(output);
      break;
    case 'webp':
      await image.webp({ quality: 90 }).toFile(output);
      break;
    default:
      await image.jpeg({ quality: 90, mozjpeg: true }).toFile(output);
  }
}

export async function thumbnail(input: Buffer | string): Promise<Buffer> {
  return sharp(input)
    .rotate()
    .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
}

let ffmpegFound: Promise<boolean> | undefined;
/** Whether ffmpeg runs here: asked once per process, without blocking the event loop. */
export function ffmpegAvailable(): Promise<boolean> {
  ffmpegFound ??= new Promise((resolve) => {
    const child = spawn('ffmpeg', ['-version'], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
  return ffmpegFound;
}

/** A JPEG poster of a video's first frame, made by ffmpeg from a local file. */
export function videoPoster(filePath: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const ffmpeg = spawn(
      'ffmpeg',
      [
        '-v',
        'error',
        '-i',
        filePath,
        '-frames:v',
        '1',
        '-vf',
        `scale=${THUMB_SIZE}:-2`,
        '-f',
        'image2',
        '-c:v',
        'mjpeg',
        'pipe:1',
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const out: Buffer[] = [];
    let err = '';
    ffmpeg.stdout.on('data', (d: Buffer) => out.push(d));
    ffmpeg.stderr.on('data', (d: Buffer) => (err += d.toString()));
    ffmpeg.on('error', reject);
    ffmpeg.on('close', (code) => {
      const poster = Buffer.concat(out);
      if (code === 0 && poster.length > 0) resolve(poster);
      else reject(new Error(`ffmpeg exited with ${code}: ${err.slice(0, 300)}`));
    });
  });
}
