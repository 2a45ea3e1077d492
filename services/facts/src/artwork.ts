/**
 * The artist-selection submission rules (spec section 5, "Submission"), defined once for the
 * submission service, the BFF and the web app's form: a title of 3 to 100 characters, a description
 * of 10 to 500 (trimmed), an image of type PNG, JPEG or WebP of at most 10 MB, the checks with their
 * messages, and where images are uploaded and served. Pure: the web bundle imports it.
 */
export const TITLE_MIN = 3;
export const TITLE_MAX = 100;
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 500;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The three image types (spec section 5), each with the file extension an upload is stored under and
 * the format name the image decoder (sharp) reports for it: the one table for the submission
 * service's uploads and the renderer's rasterising.
 */
export const IMAGE_FORMATS = {
  'image/png': { extension: 'png', decoder: 'png' },
  'image/jpeg': { extension: 'jpg', decoder: 'jpeg' },
  'image/webp': { extension: 'webp', decoder: 'webp' },
} as const;

export type ImageType = keyof typeof IMAGE_FORMATS;
export type ImageDecoderFormat = (typeof IMAGE_FORMATS)[ImageType]['decoder'];

export const IMAGE_TYPES = Object.keys(IMAGE_FORMATS) as readonly ImageType[];

/** True for one of the IMAGE_TYPES (exactly as written: callers lower-case a declared type first). */
export function isImageType(value: string): value is ImageType {
  return Object.hasOwn(IMAGE_FORMATS, value);
}

/** What is wrong with a picked image, or with the one an upload form is asked for. */
export type ImageProblem = 'required' | 'type' | 'empty' | 'size';

const IMAGE_REQUIRED = 'Please select an image for your artwork';
// The spec has no words for an empty file; the submission service's own, used by the form too.
const IMAGE_EMPTY = 'The file is empty. Please choose an image.';

/**
 * The words for each image problem, in the two forms the spec gives them: the Submit Artwork form's
 * (spec section 5, "Submission": no full stop) and the API's (spec section 8, "Upload URL": the same
 * sentences with a full stop), which the submission service and the BFF answer with and the web app
 * shows for a refused upload-url call.
 */
export const IMAGE_MESSAGES = {
  form: {
    required: IMAGE_REQUIRED,
    type: 'Only PNG, JPEG, and WebP images are allowed',
    empty: IMAGE_EMPTY,
    size: 'File size must be under 10MB',
  },
  api: {
    required: IMAGE_REQUIRED,
    type: 'Only PNG, JPEG, and WebP images are allowed.',
    empty: IMAGE_EMPTY,
    size: 'File size must be under 10MB.',
    /** An image URL or key that names no stored image. */
    notFound: 'Image not found.',
  },
} as const satisfies {
  form: Record<ImageProblem, string>;
  api: Record<ImageProblem | 'notFound', string>;
};

/** The image's declared type (any case) and size in bytes. */
export interface ImageFile {
  type: string;
  size: number;
}

/**
 * The problem of a picked or declared image (none picked, a type other than PNG, JPEG or WebP, no
 * bytes, or over IMAGE_MAX_BYTES), or null when it may be uploaded: the web form checks the picked
 * file and the submission service the upload form asked for, by this one rule.
 */
export function imageProblem(file: ImageFile | null): ImageProblem | null {
  if (file === null) return 'required';
  if (!isImageType(file.type.toLowerCase())) return 'type';
  if (file.size === 0) return 'empty';
  if (!Number.isSafeInteger(file.size) || file.size < 0 || file.size > IMAGE_MAX_BYTES) return 'size';
  return null;
}

/** Where the browser posts an upload form (the BFF's upload route, exempt from the CSRF token). */
export const UPLOAD_PATH = '/api/artist-selection/uploads';
/** Where a stored image is served (the BFF's image route): the prefix, then the image's key. */
export const IMAGE_PATH_PREFIX = '/api/artist-selection/images/';

/** The URL of the stored image `key` (what a submission's imageUrl holds). */
export function imageUrlOf(key: string): string {
  return `${IMAGE_PATH_PREFIX}${key}`;
}

/** The image key an image URL names, or null for any other URL. */
export function imageKeyOfUrl(url: string): string | null {
  if (!url.startsWith(IMAGE_PATH_PREFIX)) return null;
  const key = url.slice(IMAGE_PATH_PREFIX.length);
  return isImageKey(key) ? key : null;
}

/** Random base64url characters in an uploaded image's key (18 random bytes). */
export const IMAGE_KEY_RANDOM_CHARS = 24;
const IMAGE_KEY = new RegExp(
  `^img-[A-Za-z0-9_-]{${IMAGE_KEY_RANDOM_CHARS}}\\.(${IMAGE_TYPES.map((t) => IMAGE_FORMATS[t].extension).join('|')})$`,
);

/**
 * An uploaded image's key (its name in storage and in its URL): 'img-', IMAGE_KEY_RANDOM_CHARS random
 * base64url characters, and its type's extension. The submission service makes them; it and the BFF
 * take no other name.
 */
export function imageKey(random: string, type: ImageType): string {
  const key = `img-${random}.${IMAGE_FORMATS[type].extension}`;
  if (!IMAGE_KEY.test(key))
    throw new RangeError(`an image key needs ${IMAGE_KEY_RANDOM_CHARS} base64url characters`);
  return key;
}

/** True for a key `imageKey` makes. */
export function isImageKey(value: string): boolean {
  return IMAGE_KEY.test(value);
}

/** The title's and the description's lengths after trimming (spec section 5), for the form and the service alike. */
export const ARTWORK_TEXT_LIMITS = {
  title: { min: TITLE_MIN, max: TITLE_MAX },
  description: { min: DESCRIPTION_MIN, max: DESCRIPTION_MAX },
} as const;

export type ArtworkTextField = keyof typeof ARTWORK_TEXT_LIMITS;
/** What is wrong with a title or a description. */
export type ArtworkTextProblem = 'required' | 'short' | 'long';

/** The spec's words for each problem: the web form shows them and the API answers with them. */
export const ARTWORK_TEXT_MESSAGES = {
  title: {
    required: 'Please enter a title for your artwork',
    short: 'Title must be at least 3 characters',
    long: 'Title must be under 100 characters',
  },
  description: {
    required: 'Please enter a description for your artwork',
    short: 'Description must be at least 10 characters',
    long: 'Description must be under 500 characters',
  },
} as const satisfies Record<ArtworkTextField, Record<ArtworkTextProblem, string>>;

/** The field's problem after trimming (empty, too short, too long), or null when it may be sent. */
export function artworkTextProblem(field: ArtworkTextField, value: string): ArtworkTextProblem | null {
  const { min, max } = ARTWORK_TEXT_LIMITS[field];
  const text = value.trim();
  if (text === '') return 'required';
  if (text.length < min) return 'short';
  if (text.length > max) return 'long';
  return null;
}

/** The field's message (ARTWORK_TEXT_MESSAGES), or null when it may be sent. */
export function artworkTextMessage(field: ArtworkTextField, value: string): string | null {
  const problem = artworkTextProblem(field, value);
  return problem === null ? null : ARTWORK_TEXT_MESSAGES[field][problem];
}

/**
 * The first problem of a new submission's title and description (the title first), with its field
 * and message, or null: how the submission service (and the browser tests' scripted backend) refuse
 * a submission, one field at a time.
 */
export function artworkTextsProblem(texts: Record<ArtworkTextField, string>): {
  field: ArtworkTextField;
  message: string;
} | null {
  for (const field of ['title', 'description'] as const) {
    const message = artworkTextMessage(field, texts[field]);
    if (message !== null) return { field, message };
  }
  return null;
}
