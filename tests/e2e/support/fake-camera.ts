import { writeFileSync } from 'node:fs';

// Chromium can play a file as its camera (--use-file-for-fake-video-capture). This writes such a
// file (YUV4MPEG2, I420 frames) showing a picture — a QR code taken from one of our real PDFs — in
// the middle of a white frame, so a spec can prove the scanner reads what we print.

export type RgbaImage = { width: number; height: number; rgba: Uint8ClampedArray };

export function writeFakeCameraVideo(
  file: string,
  image: RgbaImage,
  { width = 640, height = 480, frames = 10 }: { width?: number; height?: number; frames?: number } = {},
) {
  // Scaled (nearest neighbour) to about 80% of the frame's height: big and sharp, as a label held up close.
  const scale = Math.max(1, Math.floor((height * 0.8) / Math.max(image.width, image.height)));
  const shownWidth = image.width * scale;
  const shownHeight = image.height * scale;
  const left = Math.floor((width - shownWidth) / 2);
  const top = Math.floor((height - shownHeight) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < shownHeight; y++) {
    for (let x = 0; x < shownWidth; x++) {
      const source = (Math.floor(y / scale) * image.width + Math.floor(x / scale)) * 4;
      const grey = 0.299 * image.rgba[source]! + 0.587 * image.rgba[source + 1]! + 0.114 * image.rgba[source + 2]!;
      // Studio range (16–235), as the C420 formats expect.
      luma[(top + y) * width + left + x] = Math.round(16 + (grey / 255) * 219);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
