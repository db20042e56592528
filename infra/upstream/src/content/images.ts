import type { FastifyRequest } from 'fastify';
// Brings in the request decorations (isMultipart, parts) @fastify/multipart adds.
import { ContentItemInput } from '@odds/protocol';
import { Errors } from '../errors';
import { compileValidator, FORM_PART } from '../http/validation';
import type { NewImage } from './item-writes';

/** Largest image an operator may upload. */
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const IMAGE_ONLY_MESSAGE = 'Only image files (PNG, JPEG, GIF, WebP) can be uploaded.';

/** The multipart limits of a content create: one file, a few short fields. */
export const FORM_LIMITS = { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 40, parts: 41, fieldSize: 64 * 1024 };

const startsWith = (bytes: Buffer, signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type the bytes themselves say (their magic number), whatever the upload declared:
 * PNG, JPEG, GIF or WebP. Anything else, SVG included (it can carry scripts), is null.
 */
function sniffImage(bytes: Buffer): NewImage['mimeType'] | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** An upload is an image when it says so (image/*) and its bytes agree; the bytes decide the stored type. */
function checkImage(declaredType: string, bytes: Buffer, fileName: string | null): NewImage {
  const sniffed = declaredType.toLowerCase().startsWith('image/') ? sniffImage(bytes) : null;
  if (!sniffed) throw new Errors.BadRequest(IMAGE_ONLY_MESSAGE);
  return { mimeType: sniffed, bytes, fileName: fileName ? fileName.slice(0, 200) : null };
}

/**
 * The content item schema as the app's one validator compiles it, once for form fields (text,
 * converted) and once for JSON (as it is). Compiled here rather than with
 * `request.compileValidationSchema`, whose cache is keyed by schema alone and would hand the JSON
 * path the form's converting validator (or the other way round).
 */
const validateForm = compileValidator(ContentItemInput, FORM_PART);
const validateJson = compileValidator(ContentItemInput, 'body');

/** Form fields that carry id lists: repeated (`markets=1&markets=2`), comma-separated or a JSON array. */
const LIST_FIELDS = new Set(['categories', 'markets', 'market_types']);
const NULLABLE_FIELDS = new Set(['link_target', 'group_id']);

function fieldValue(name: string, values: string[]): unknown {
  if (LIST_FIELDS.has(name)) {
    return values.flatMap((value) => {
      const text = value.trim();
      if (text.startsWith('[')) {
        try {
          return (JSON.parse(text) as unknown[]).map(String);
        } catch {
          return [text];
        }
      }
      return text === '' ? [] : text.split(',').map((v) => v.trim());
    });
  }
  const last = values[values.length - 1]!;
  if (NULLABLE_FIELDS.has(name) && (last === '' || last === 'null')) return null;
  return last;
}

/**
 * Errors while reading the form (too large, too many parts, no boundary, cut short) are the
 * sender's: the parser only reads bytes the client sent, so every one is a 400 with the reason.
 */
function formError(error: unknown): Error {
  const known = error as { code?: string; message?: string };
  if (known.code === 'FST_REQ_FILE_TOO_LARGE') return new Errors.BadRequest(`The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`);
  if (known.code === 'FST_FILES_LIMIT') return new Errors.BadRequest('Send one image file per content item.');
  const reason = (known.message || 'bad multipart body').replace(/\.$/, '');
  return new Errors.BadRequest(`The form could not be read: ${reason}.`);
}

/**
 * Reads a content create: multipart/form-data with the ContentItemInput fields and an optional
 * `image` file, or plain JSON for items without an image. Both are validated with the route's
 * schema by the app's one validator: form fields are text, converted like a query string; JSON is
 * taken as it is, like any JSON body.
 */
export async function readContentForm(request: FastifyRequest): Promise<{ input: ContentItemInput; image: NewImage | null }> {
  let raw: Record<string, unknown>;
  let image: NewImage | null = null;
  const multipart = request.isMultipart();
  if (multipart) {
    const fields = new Map<string, string[]>();
    let upload: { fieldname: string; mimetype: string; filename: string; bytes: Buffer } | null = null;
    try {
      // Read the whole form before judging it, so a refused file never leaves the request half read.
      for await (const part of request.parts({ limits: FORM_LIMITS })) {
        if (part.type === 'file') upload = { fieldname: part.fieldname, mimetype: part.mimetype, filename: part.filename, bytes: await part.toBuffer() };
        else fields.set(part.fieldname, [...(fields.get(part.fieldname) ?? []), String(part.value)]);
      }
    } catch (error) {
      throw formError(error);
    }
    if (upload) {
      if (upload.fieldname !== 'image') throw new Errors.BadRequest(`Unexpected file field '${upload.fieldname}'; send the image as 'image'.`);
      image = checkImage(upload.mimetype, upload.bytes, upload.filename || null);
    }
    raw = Object.fromEntries([...fields].map(([name, values]) => [name, fieldValue(name, values)]));
  } else {
    if (typeof request.body !== 'object' || request.body === null)
      throw new Errors.BadRequest('Send the content item as multipart/form-data (or JSON when there is no image).');
    raw = { ...(request.body as Record<string, unknown>) };
  }
  const validate = multipart ? validateForm : validateJson;
  if (!validate(raw)) {
    const first = validate.errors?.[0];
    const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
    throw new Errors.BadRequest(`${field} ${first?.message ?? 'is invalid'}`);
  }
  return { input: raw as ContentItemInput, image };
}
