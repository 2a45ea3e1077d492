/**
 * The artist-selection submission rules (spec section 5, "Submission"), defined once for the
 * submission service and the web app's form: a title of 3 to 100 characters, a description of 10 to
 * 500 (trimmed), an image of type PNG, JPEG or WebP of at most 10 MB, and the title and description
 * checks with their messages. Pure: the web bundle imports it.
 */
export const TITLE_MIN = 3;
export const TITLE_MAX = 100;
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 500;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** The title's and the description's lengths after trimming (spec section 5), for the form and the service alike. */
export const ARTWORK_TEXT_LIMITS = {
  title: { min: TITLE_MIN, max: TITLE_MAX },
  description: { min: DESCRIPTION_MIN, max: DESCRIPTION_MAX },
} as const;

export type ArtworkTextField = keyof typeof ARTWORK_TEXT_LIMITS;
/** What is wrong with a title or a description; each side words it (the spec's texts are the web form's). */
export type ArtworkTextProblem = 'required' | 'short' | 'long';

/** The field's problem after trimming (empty, too short, too long), or null when it may be sent. */
export function artworkTextProblem(field: ArtworkTextField, value: string): ArtworkTextProblem | null {
  const { min, max } = ARTWORK_TEXT_LIMITS[field];
  const text = value.trim();
  if (text === '') return 'required';
  if (text.length < min) return 'short';
  if (text.length > max) return 'long';
  return null;
}
