/**
 * The artist-selection submission rules (spec section 5, "Submission"), defined once for the
 * submission service and the web app's form: a title of 3 to 100 characters, a description of 10 to
 * 500 (trimmed), an image of type PNG, JPEG or WebP of at most 10 MB. Pure: the web bundle imports it.
 */
export const TITLE_MIN = 3;
export const TITLE_MAX = 100;
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 500;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
