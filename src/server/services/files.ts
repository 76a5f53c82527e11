import { eq, inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Executor } from '../db/client.ts';
import { storedFile } from '../db/schema.ts';
import type { ServerMessageCode } from '../../shared/server-messages.ts';
import { AppError, badRequest, notFound } from '../errors.ts';
import { canReadFile } from './samples/sample-visibility.ts';

// Files live in the database, so every API instance serves the same ones. Their type
// is read from the bytes, never from what the browser declared, and only these types are kept.

export const MiB = 1024 * 1024;

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const PDF_TYPES = ['application/pdf'] as const;

export type FileKind = 'image' | 'pdf';

export type UploadRule = {
  kind: FileKind;
  /** Sniffed types accepted. */
  types: readonly string[];
  /** Largest single file, in bytes. */
  maxBytes: number;
  /** Words for messages: "Only JPEG, PNG, WebP or GIF images are accepted." */
  typeMessage: string;
  /** The error code naming the refused file. */
  typeCode: ServerMessageCode;
};

export const IMAGE_UPLOAD: UploadRule = {
  kind: 'image',
  types: IMAGE_TYPES,
  maxBytes: 5 * MiB,
  typeMessage: 'Only JPEG, PNG, WebP or GIF images are accepted.',
  typeCode: 'imageTypeRefused',
};

export const PDF_UPLOAD: UploadRule = {
  kind: 'pdf',
  types: PDF_TYPES,
  maxBytes: 20 * MiB,
  typeMessage: 'Only PDF files are accepted.',
  typeCode: 'pdfTypeRefused',
};

export type StoredFileInfo = { id: string; name: string; mimeType: string; size: number; url: string };

export function fileUrl(id: string): string;
export function fileUrl(id: string | null): string | null;
export function fileUrl(id: string | null): string | null {
  return id ? `/api/files/${id}` : null;
}

/** A name safe to store and to send back in a header: no path, no control characters, bounded. */
function cleanFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((ch) => ch > '\u001f' && ch !== '\u007f' && ch !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || fallback;
}

/**
 * Checks one upload against a rule: 413 when too large, 415 when its bytes are not one of the
 * accepted types. Returns the bytes and the sniffed type.
 */
export async function checkUpload(file: File, rule: UploadRule, field: string) {
  const label = cleanFileName(file.name, 'file');
  if (file.size > rule.maxBytes) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      'fileTooLarge',
      { name: label, mib: rule.maxBytes / MiB },
      { errors: { [field]: `Each file must be at most ${rule.maxBytes / MiB} MiB` } },
    );
  }
  if (file.size === 0) {
    throw new AppError('BAD_REQUEST', 'fileEmpty', { name: label }, { errors: { [field]: 'The file is empty' } });
  }
  const data = Buffer.from(await file.arrayBuffer());
  const sniffed = await fileTypeFromBuffer(data);
  if (!sniffed || !rule.types.includes(sniffed.mime)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      rule.typeCode,
      { name: label },
      { errors: { [field]: rule.typeMessage } },
    );
  }
  return { data, mimeType: sniffed.mime, extension: sniffed.ext, name: label };
}

export async function storeFile(
  db: Executor,
  {
    file,
    uploadedBy,
    uploadedFrom,
  }: {
    file: { name: string; mimeType: string; data: Buffer; kind: FileKind };
    /** The staff account that sent it; null for a client's file from the public form. */
    uploadedBy: number | null;
    /** The sender's address, for a file sent without an account. */
    uploadedFrom?: string;
  },
): Promise<StoredFileInfo> {
  const [row] = await db
    .insert(storedFile)
    .values({
      name: file.name,
      mimeType: file.mimeType,
      size: file.data.length,
      kind: file.kind,
      data: file.data,
      uploadedBy,
      uploadedFrom: uploadedFrom ?? null,
    })
    .returning({ id: storedFile.id, name: storedFile.name, mimeType: storedFile.mimeType, size: storedFile.size });
  return { ...row!, url: fileUrl(row!.id) };
}

/** Checks every file first, so one bad file stores none of them. */
export async function storeUploads(
  db: Executor,
  { files, rule, field, uploadedBy }: { files: File[]; rule: UploadRule; field: string; uploadedBy: number | null },
) {
  const checked = [];
  for (const file of files) checked.push(await checkUpload(file, rule, field));
  const stored: StoredFileInfo[] = [];
  for (const file of checked) stored.push(await storeFile(db, { file: { ...file, kind: rule.kind }, uploadedBy }));
  return stored;
}

export async function loadFile(db: Executor, id: string) {
  const [row] = await db.select().from(storedFile).where(eq(storedFile.id, id));
  if (!row) throw notFound('fileNotFound');
  return row;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(name: string, disposition: 'inline' | 'attachment' = 'inline'): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The extensions a download may carry for each type served inline; the first is the one given. */
const INLINE_EXTENSIONS: Record<string, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'application/pdf': ['pdf'],
};

/**
 * The headers of a stored file's download. Images and PDFs (their type read from the bytes at
 * upload) are shown in the browser; anything else is a download (`attachment`, as bytes), never
 * rendered. The name's extension is the type's: a GIF uploaded as "poly.html" (a file that is both)
 * is served as "poly.gif", so saving it never makes a page the browser would open.
 */
export function fileDownloadHeaders(file: { name: string; mimeType: string; size: number }): Record<string, string> {
  const extensions = INLINE_EXTENSIONS[file.mimeType];
  const name = cleanFileName(file.name, 'file');
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot + 1).toLowerCase()] : [name, ''];
  const safeName = !extensions ? `${stem}.bin` : extensions.includes(extension) ? name : `${stem}.${extensions[0]}`;
  return {
    'content-type': extensions ? file.mimeType : 'application/octet-stream',
    'content-length': String(file.size),
    'content-disposition': contentDisposition(safeName, extensions ? 'inline' : 'attachment'),
    'x-content-type-options': 'nosniff',
  };
}

/** Who attaches files to a record: the user, with the permissions that say what they may read. */
export type FileAttacher = { id: number; permissions: readonly string[] };

/**
 * Checks the files a record is about to point at, inside the transaction of the change: each must
 * exist, be of the kind the field holds, and be the attacher's to give: uploaded by them, or already
 * readable to them through a record that holds it (an image copied from a sample they see). Without
 * this, knowing the id of someone else's upload would be enough to attach it and then read it. Ids
 * the record already holds (`kept`) pass as they are, so a re-save keeps another user's image. A
 * file that may not be attached is answered as one that does not exist, as GET /api/files/{id} does.
 */
export async function assertFilesAttachable(
  db: Executor,
  ids: readonly string[],
  options: { field: string; kind: FileKind; by: FileAttacher; kept?: readonly (string | null)[] },
) {
  const { field, kind, by } = options;
  const kept = new Set(options.kept ?? []);
  const added = ids.filter((id) => !kept.has(id));
  if (added.length === 0) return;
  const rows = await db
    .select({ id: storedFile.id, kind: storedFile.kind, uploadedBy: storedFile.uploadedBy })
    .from(storedFile)
    .where(inArray(storedFile.id, [...new Set(added)]));
  const found = new Map(rows.map((r) => [r.id, r]));
  for (const [index, id] of ids.entries()) {
    if (kept.has(id)) continue;
    const path = ids.length === 1 && !field.endsWith('Ids') ? field : `${field}.${index}`;
    const file = found.get(id);
    if (!file || !(await canReadFile(db, by, file))) throw badRequest('fileNotFound', {}, { [path]: 'File not found' });
    if (file.kind !== kind)
      throw badRequest(
        'fileWrongKind',
        { kind: kind.toUpperCase() },
        { [path]: `The file must be a ${kind.toUpperCase()}` },
      );
  }
}
