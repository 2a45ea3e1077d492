// The Submit Artwork form's rules (spec section 5, "Submission"; the limits from @tessera/facts/artwork):
// title 3 to 100 characters and description 10 to 500 (trimmed), an image of type PNG, JPEG or WebP of
// at most 10 MB.

import {
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  artworkTextProblem,
  type ArtworkTextField,
  type ArtworkTextProblem,
} from '@tessera/facts/artwork';

/** For the file picker's accept attribute. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** The title's and the description's messages, by problem (the rule is @tessera/facts/artwork's). */
export const TEXT_MESSAGES: Record<ArtworkTextField, Record<ArtworkTextProblem, string>> = {
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
};

/** The image's messages. */
export const VALIDATION_MESSAGES = {
  imageRequired: 'Please select an image for your artwork',
  imageType: 'Only PNG, JPEG, and WebP images are allowed',
  imageSize: 'File size must be under 10MB',
} as const;

export interface FileInfo {
  type: string;
  size: number;
}

/** The picked file's problem, or null when it may be submitted. */
export function validateImage(file: FileInfo | null): string | null {
  if (file === null) return VALIDATION_MESSAGES.imageRequired;
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase()))
    return VALIDATION_MESSAGES.imageType;
  if (file.size > IMAGE_MAX_BYTES) return VALIDATION_MESSAGES.imageSize;
  return null;
}

function textMessage(field: ArtworkTextField, value: string): string | null {
  const problem = artworkTextProblem(field, value);
  return problem === null ? null : TEXT_MESSAGES[field][problem];
}

export function validateTitle(title: string): string | null {
  return textMessage('title', title);
}

export function validateDescription(description: string): string | null {
  return textMessage('description', description);
}

export interface SubmissionForm {
  file: FileInfo | null;
  title: string;
  description: string;
}

export type FormErrors = Partial<Record<'image' | 'title' | 'description', string>>;

/** Every field's problem; an empty object when the form may be sent. */
export function validateSubmission(form: SubmissionForm): FormErrors {
  const errors: FormErrors = {};
  const image = validateImage(form.file);
  const title = validateTitle(form.title);
  const description = validateDescription(form.description);
  if (image) errors.image = image;
  if (title) errors.title = title;
  if (description) errors.description = description;
  return errors;
}

export function hasErrors(errors: FormErrors): boolean {
  return Object.keys(errors).length > 0;
}
