import { storedFileAsServed } from '../services/certificates/certificate-files.ts';
import { z } from '@hono/zod-openapi';
import type { AppRouter } from '../http/context.ts';
import { AppError, notFound } from '../errors.ts';
import { envelope, ok } from '../http/responses.ts';
import { canReadFile } from '../services/samples/sample-visibility.ts';
import { defineRoute } from '../http/route.ts';
import { IMAGE_UPLOAD, PDF_UPLOAD, fileDownloadHeaders, loadFile, storeUploads } from '../services/files.ts';

const MAX_IMAGES_PER_UPLOAD = 10;

const storedFileSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    mimeType: z.string(),
    size: z.number().int(),
    url: z.string().openapi({ example: '/api/files/4f1c...' }),
  })
  .openapi('StoredFile');

const binary = z
  .custom<File>((value) => value instanceof File, 'Choose a file to upload')
  .openapi({
    type: 'string',
    format: 'binary',
  });

const imagesForm = z
  .object({
    files: z.union([binary, z.array(binary)], { error: 'Choose at least one image' }).openapi({
      type: 'array',
      items: { type: 'string', format: 'binary' },
      description: 'Repeat the field for each image',
    }),
  })
  .openapi({ description: 'JPEG, PNG, WebP or GIF images, 5 MiB each, at most 10' });

const pdfForm = z
  .object({ file: binary.openapi({ description: 'A PDF, at most 20 MiB' }) })
  .openapi({ description: 'One PDF result file' });

// Room for the multipart framing around the largest allowed files.
const FRAMING = 64 * 1024;

const tooLarge = { description: 'A file or the whole upload is too large' };
const wrongType = { description: 'A file is not of an accepted type (read from its bytes)' };

const uploadImagesRoute = defineRoute({
  method: 'post',
  path: '/api/upload',
  tags: ['Files'],
  summary: 'Upload sample images (the type is read from the bytes)',
  access: ['CanUploadFile'],
  bodyLimit: MAX_IMAGES_PER_UPLOAD * IMAGE_UPLOAD.maxBytes + FRAMING,
  request: { body: { content: { 'multipart/form-data': { schema: imagesForm } }, required: true } },
  responses: {
    201: { description: 'Stored', content: { 'application/json': { schema: envelope(z.array(storedFileSchema)) } } },
    413: tooLarge,
    415: wrongType,
  },
});

const uploadPdfRoute = defineRoute({
  method: 'post',
  path: '/api/upload-file-pdf',
  tags: ['Files'],
  summary: 'Upload a PDF result (the type is read from the bytes)',
  access: ['CanUploaPdfResult', 'CanUploadFile'],
  bodyLimit: PDF_UPLOAD.maxBytes + FRAMING,
  request: { body: { content: { 'multipart/form-data': { schema: pdfForm } }, required: true } },
  responses: {
    201: { description: 'Stored', content: { 'application/json': { schema: envelope(storedFileSchema) } } },
    413: tooLarge,
    415: wrongType,
  },
});

const fileRoute = defineRoute({
  method: 'get',
  path: '/api/files/{id}',
  tags: ['Files'],
  summary: 'The bytes of a stored file, for its uploader and those who may read the record that holds it',
  access: 'signedIn',
  request: {
    params: z.object({
      id: z.uuid('Unknown file').openapi({ param: { name: 'id', in: 'path' } }),
    }),
  },
  responses: {
    200: {
      description: 'The file',
      content: {
        'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) },
      },
    },
    404: { description: 'No such file' },
  },
});

function asList(value: File | File[]): File[] {
  return Array.isArray(value) ? value : [value];
}

export function registerUploadRoutes(app: AppRouter) {
  app.openapi(uploadImagesRoute, async (c) => {
    const files = asList(c.req.valid('form').files);
    if (files.length > MAX_IMAGES_PER_UPLOAD) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        'tooManyImages',
        { count: MAX_IMAGES_PER_UPLOAD },
        { errors: { files: `At most ${MAX_IMAGES_PER_UPLOAD} images` } },
      );
    }
    const stored = await storeUploads(c.var.db, {
      files,
      rule: IMAGE_UPLOAD,
      field: 'files',
      uploadedBy: c.var.auth.id,
    });
    return ok(c, stored, `${stored.length} image(s) uploaded`, 201);
  });

  app.openapi(uploadPdfRoute, async (c) => {
    const [stored] = await storeUploads(c.var.db, {
      files: [c.req.valid('form').file],
      rule: PDF_UPLOAD,
      field: 'file',
      uploadedBy: c.var.auth.id,
    });
    return ok(c, stored!, 'PDF uploaded', 201);
  });

  app.openapi(fileRoute, async (c) => {
    const file = await loadFile(c.var.db, c.req.valid('param').id);
    // A file the caller may not read answers as one that does not exist.
    if (!(await canReadFile(c.var.db, c.var.auth, file))) throw notFound('fileNotFound');
    const served = await storedFileAsServed(c.var.db, file, c.var.deps.env.LAB_TIME_ZONE);
    return c.body(new Uint8Array(served.file.data), 200, {
      ...fileDownloadHeaders(served.file),
      // Stored files never change (a new upload gets a new id), but they are not for shared caches.
      // A certificate's PDF does once it is revoked (it is served marked): it is asked for afresh.
      'cache-control': served.isCertificate ? 'private, no-cache' : 'private, max-age=31536000, immutable',
    });
  });
}
