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

/**
 * The title's and the description's limits with the messages of each problem (spec section 5), for
 * the form and the service alike.
 */
export const ARTWORK_TEXT_RULES = {
  title: {
    min: TITLE_MIN,
    max: TITLE_MAX,
    required: 'Please enter a title for your artwork',
    short: 'Title must be at least 3 characters',
    long: 'Title must be under 100 characters',
  },
  description: {
    min: DESCRIPTION_MIN,
    max: DESCRIPTION_MAX,
    required: 'Please enter a description for your artwork',
    short: 'Description must be at least 10 characters',
    long: 'Description must be under 500 characters',
  },
} as const;

export type ArtworkTextField = keyof typeof ARTWORK_TEXT_RULES;

/** The field's problem after trimming (empty, too short, too long), or null when it may be sent. */
export function artworkTextProblem(field: ArtworkTextField, value: string): string | null {
  const rule = ARTWORK_TEXT_RULES[field];
  const text = value.trim();
  if (text === '') return rule.required;
  if (text.length < rule.min) return rule.short;
  if (text.length > rule.max) return rule.long;
  return null;
}
